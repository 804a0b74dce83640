package com.tudicloud.asynctask.api;

/** What an operator's retry of a task did. */
public enum RetryOutcome {
    /** The task was FAILED or CANCELLED and is QUEUED again, due now, with a fresh attempt budget. */
    REQUEUED,
    /** The task is not FAILED or CANCELLED; nothing changed. */
    NOT_RETRYABLE,
    NOT_FOUND
}
