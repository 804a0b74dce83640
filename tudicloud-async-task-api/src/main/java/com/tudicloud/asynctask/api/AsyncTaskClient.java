package com.tudicloud.asynctask.api;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * What a business service uses to hand work to the workers. Submitting joins the caller's
 * transaction when it runs on the same DataSource: a rolled-back business transaction leaves no
 * task behind.
 */
public interface AsyncTaskClient {

    /** The most dependencies and dependents {@link #links(long)} lists of one task. */
    int MAX_LINKS = 1000;

    SubmittedTask submit(TaskRequest request);

    /** Submits many tasks in as few statements as possible; results are in the order of the requests. */
    List<SubmittedTask> submitAll(List<TaskRequest> requests);

    /**
     * Submits a chain in one transaction (the caller's, if any): each step waits for the one before it and runs when
     * it succeeded; results in the order of the steps.
     */
    List<SubmittedTask> submitChain(TaskChain chain);

    Optional<TaskView> get(long taskId);

    /** The tasks this one waits for and the tasks that wait for it, up to {@value #MAX_LINKS} of each, lowest id first. */
    TaskLinks links(long taskId);

    /**
     * Submits a batch: its children and its callbacks' definitions in one transaction (the caller's, if any), in
     * batched statements. The batch ends when no child can run any more, and exactly one callback per end is
     * inserted then (see {@link BatchState}).
     */
    SubmittedBatch submitBatch(BatchRequest request);

    /**
     * Adds children to the OPEN batch of the running task {@code running} (fan-out in stages): they commit at
     * once, and the batch cannot end before them since the adding child is still running.
     *
     * @throws IllegalArgumentException when the task is in no batch, or no children are given
     * @throws IllegalStateException    when the batch is no longer OPEN or the task no longer runs
     */
    List<SubmittedTask> addToBatch(TaskContext running, List<TaskRequest> children);

    Optional<BatchView> getBatch(long batchId);

    /**
     * Cancels a batch: its waiting children at once, its running ones asked to stop; it ends CANCELLED once the
     * last of them ends, inserting its completion callback only.
     */
    CancelOutcome cancelBatch(long batchId);

    /** Cancels a queued task at once, or asks the holder of a running one to stop. */
    CancelOutcome cancel(long taskId);

    /**
     * The newest tasks of one owner first.
     *
     * @param statuses only these statuses; empty for all
     * @param limit    at most this many, 1 to 1000
     */
    List<TaskView> listByOwner(String ownerId, Collection<TaskStatus> statuses, int limit);
}
