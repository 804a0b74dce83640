package com.tudicloud.asynctask.api;

import java.util.OptionalLong;

/** What a handler knows about the execution it is running. */
public interface TaskContext {

    /** The most children one execution submits ({@link #submit}). */
    int MAX_CHILDREN = 10_000;

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

    /**
     * Submits a child task, inserted only with this execution's success: the children are held until the outcome is
     * written, and go into the database in the same transaction, only if that write lands under this execution's
     * lease. An execution that lost its lease (another worker runs the task again) or that does not succeed leaves
     * no child behind; a retry runs the handler again, which submits its children again. A child joins the trace of
     * its parent, names it as its parent, is in no batch, and carries no dedup key (it is inserted exactly once with
     * the success that submitted it).
     *
     * @param child checked at once as a submit checks it (null, a dedup key, a payload that does not serialise are
     *              refused with an IllegalArgumentException, so that the handler's call fails, not the outcome)
     * @throws IllegalStateException past {@value #MAX_CHILDREN} children in one execution, or once the execution's
     *                               outcome is decided (a thread of the handler's that submits after it returned)
     */
    default void submit(TaskRequest child) {
        throw new UnsupportedOperationException("this context submits no children");
    }
}
