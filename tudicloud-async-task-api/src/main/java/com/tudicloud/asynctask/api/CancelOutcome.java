package com.tudicloud.asynctask.api;

/** What a cancel request did. */
public enum CancelOutcome {
    /** The task was waiting (SCHEDULED or QUEUED) and is now CANCELLED; it never ran (again). */
    CANCELLED,
    /** The task is running; its holder learns on its next heartbeat and the task ends CANCELLED. */
    CANCEL_REQUESTED,
    /** The task had already ended (or a cancel was already requested); nothing changed. */
    ALREADY_FINISHED,
    NOT_FOUND
}
