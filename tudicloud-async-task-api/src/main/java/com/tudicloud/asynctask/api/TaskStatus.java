package com.tudicloud.asynctask.api;

/**
 * The life of a task. Every change from one status to another is a guarded update in the store
 * that names the status it comes from.
 *
 * <pre>
 * WAITING -> SCHEDULED | QUEUED (every dependency ended) | CANCELLED (a dependency did not succeed)
 * SCHEDULED | QUEUED -> RUNNING -> SUCCESS | FAILED | SCHEDULED or QUEUED (retry) | CANCEL_REQUESTED -> CANCELLED
 * WAITING | SCHEDULED | QUEUED -> CANCELLED
 * </pre>
 */
public enum TaskStatus {
    /**
     * Waiting for the tasks it depends on ({@link TaskRequest#after(long...)}): no claim takes it. The end of its
     * last dependency moves it to SCHEDULED or QUEUED, in the transaction that writes that end.
     */
    WAITING,
    /**
     * Waiting for its time ({@code available_at}): submitted with a delay, or a retry after a backoff. Once
     * due, a claim takes it as it takes a QUEUED task, or moves it to QUEUED when it takes others first.
     */
    SCHEDULED,
    /** Due, waiting for a worker. */
    QUEUED,
    /** Held by a worker under a lease. */
    RUNNING,
    SUCCESS,
    FAILED,
    /** Still running, but an operator asked to cancel; the holder is told on its next heartbeat. */
    CANCEL_REQUESTED,
    CANCELLED;

    /** Whether the task waits for a worker: not started, or to be started again. */
    public boolean awaitsWorker() {
        return this == SCHEDULED || this == QUEUED;
    }

    /** Whether the task has not started and may be cancelled at once: it waits for a worker or for its dependencies. */
    public boolean isPending() {
        return this == WAITING || awaitsWorker();
    }

    public boolean isTerminal() {
        return this == SUCCESS || this == FAILED || this == CANCELLED;
    }

    /** Whether a worker holds (or may still hold) a lease on a task in this status. */
    public boolean isLeased() {
        return this == RUNNING || this == CANCEL_REQUESTED;
    }
}
