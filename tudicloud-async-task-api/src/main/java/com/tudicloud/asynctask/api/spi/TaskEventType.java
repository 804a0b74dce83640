package com.tudicloud.asynctask.api.spi;

/** What happened to a task, one kind per state change the store records. */
public enum TaskEventType {
    /** A worker took the task under a new lease: a new attempt starts. */
    CLAIMED,
    /** The attempt's handler succeeded. */
    SUCCEEDED,
    /** The task failed for good (also when a retry found no attempt left). */
    FAILED,
    /** The attempt failed and the task waits for another one, after the event's delay. */
    RETRY_SCHEDULED,
    /** A stopping worker handed the task back before its handler finished; the attempt is not counted. */
    RELEASED,
    /** The holder's lease expired and a worker recovered the task (QUEUED again, FAILED or CANCELLED). */
    LEASE_EXPIRED,
    /** A cancel of a running task was requested; its handler is told at the next heartbeat. */
    CANCEL_REQUESTED,
    /** The task was cancelled: while it waited, or when its handler stopped on a cancel request. */
    CANCELLED,
    /** An operator put a FAILED or CANCELLED task back in the queue. */
    RETRIED,
    /** A recurring schedule submitted the task: at one of its fire times, or when an operator triggered it. */
    SCHEDULE_FIRED,
    /** The last of the tasks it waited for ended: it is due now (SCHEDULED while a delay of its own is left). */
    DEPENDENCIES_MET;

    /** The kinds that concern an attempt that went well: what {@link TaskEventMode#FAILURES_ONLY} leaves out. */
    public boolean isRoutine() {
        return this == CLAIMED || this == SUCCEEDED;
    }
}
