package com.tudicloud.asynctask.api;

/**
 * The life of a batch. It ends when no child can still run (every child SUCCESS, FAILED or CANCELLED), in the
 * transaction that writes the last child's end; the end decides which callbacks are inserted:
 *
 * <pre>
 * OPEN -> SUCCEEDED   every child SUCCESS: the success and the completion callbacks
 * OPEN -> FAILED      a child FAILED or CANCELLED: the failure and the completion callbacks
 * OPEN -> CANCELLING -> CANCELLED   the batch was cancelled: the completion callback only
 * </pre>
 */
public enum BatchState {
    /** Children may still run, and running children may add more. */
    OPEN,
    /** Cancelled: waiting children were cancelled, running ones asked to stop; it ends when the last one does. */
    CANCELLING,
    SUCCEEDED,
    FAILED,
    CANCELLED;

    public boolean isFinished() {
        return this == SUCCEEDED || this == FAILED || this == CANCELLED;
    }
}
