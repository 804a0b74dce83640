package com.tudicloud.asynctask.api;

import java.util.OptionalLong;

/** What a handler knows about the execution it is running. */
public interface TaskContext {

    long taskId();

    String taskType();

    /** 1 for the first execution, 2 for the first retry, and so on. */
    int attempt();

    String ownerId();

    /** Stable across every attempt of the task: record side effects under it. */
    String idempotencyKey();

    /** The batch this task is a child of, if any: a running child may add children to it. */
    default OptionalLong batchId() {
        return OptionalLong.empty();
    }

    /** Set when an operator cancelled the task, the lease was lost, or the worker is stopping. */
    boolean isCancellationRequested();

    /**
     * Records progress; it reaches the database with the next heartbeat, not with a write of its own,
     * so calling this often is cheap.
     *
     * @param percent 0 to 100; anything else is refused with an IllegalArgumentException
     * @param message a short note for operators, or {@code null}; kept to 500 characters
     */
    void reportProgress(int percent, String message);
}
