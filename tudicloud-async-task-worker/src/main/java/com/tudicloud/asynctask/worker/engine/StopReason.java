package com.tudicloud.asynctask.worker.engine;

/** Why the worker interrupted an execution. The first reason given is the one that counts. */
enum StopReason {
    /** The heartbeat learned that an operator cancelled the task. */
    CANCEL_REQUESTED,
    /** The lease is gone, or may be about to go: the result must not be written. */
    LEASE_LOST,
    /** It ran past max-execution-time. */
    TIMED_OUT,
    /** The worker is stopping and its shutdown timeout ran out. */
    SHUTDOWN
}
