package com.tudicloud.asynctask.api;

/** What becomes of a task whose execution ran past its max execution time. */
public enum TimeoutAction {
    /** Count the attempt and retry with backoff; FAILED once attempts run out. */
    RETRY,
    /** End FAILED at once. */
    FAIL
}
