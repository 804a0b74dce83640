package com.tudicloud.asynctask.api;

/**
 * The life of a task. Every change from one status to another is a guarded update in the store
 * that names the status it comes from.
 *
 * <pre>
 * QUEUED -> RUNNING -> SUCCESS | FAILED | QUEUED (retry) | CANCEL_REQUESTED -> CANCELLED
 * QUEUED -> CANCELLED
 * </pre>
 */
public enum TaskStatus {
    /** Waiting for a worker; due once {@code available_at} has passed. */
    QUEUED,
    /** Held by a worker under a lease. */
    RUNNING,
    SUCCESS,
    FAILED,
    /** Still running, but an operator asked to cancel; the holder is told on its next heartbeat. */
    CANCEL_REQUESTED,
    CANCELLED;

    public boolean isTerminal() {
        return this == SUCCESS || this == FAILED || this == CANCELLED;
    }

    /** Whether a worker holds (or may still hold) a lease on a task in this status. */
    public boolean isLeased() {
        return this == RUNNING || this == CANCEL_REQUESTED;
    }
}
