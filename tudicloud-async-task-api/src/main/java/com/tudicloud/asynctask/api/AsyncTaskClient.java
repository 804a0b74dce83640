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

    SubmittedTask submit(TaskRequest request);

    /** Submits many tasks in as few statements as possible; results are in the order of the requests. */
    List<SubmittedTask> submitAll(List<TaskRequest> requests);

    Optional<TaskView> get(long taskId);

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
