package com.tudicloud.asynctask.admin.demo;

/** Progress as the percentage that {@link com.tudicloud.asynctask.api.TaskContext#reportProgress} takes. */
final class Percent {

    private Percent() {
    }

    /** {@code done} of {@code total} in whole percent; nothing to do counts as done. */
    static int of(long done, long total) {
        return total <= 0 ? 100 : (int) (100 * Math.min(done, total) / total);
    }
}
