package com.tudicloud.asynctask.api;

/** Which end of a batch a callback task is inserted on. */
public enum BatchCallback {
    /** Every child succeeded. */
    SUCCESS,
    /** A child failed or was cancelled, and the batch itself was not cancelled. */
    FAILURE,
    /** The batch ended, however it ended (a cancelled batch inserts this one only). */
    COMPLETE;

    /** Whether a batch that ended in {@code state} inserts this callback. */
    public boolean firesOn(BatchState state) {
        return switch (this) {
            case SUCCESS -> state == BatchState.SUCCEEDED;
            case FAILURE -> state == BatchState.FAILED;
            case COMPLETE -> state.isFinished();
        };
    }
}
