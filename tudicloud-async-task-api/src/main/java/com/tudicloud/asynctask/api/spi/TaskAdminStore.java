package com.tudicloud.asynctask.api.spi;

import com.tudicloud.asynctask.api.RetryOutcome;
import com.tudicloud.asynctask.api.TaskStatus;

import java.time.Duration;
import java.util.List;

/** What operators need beyond the client: listing with filters, the queue's state, and retrying. */
public interface TaskAdminStore {

    TaskPage search(TaskQuery query);

    TaskStats stats();

    /** The queue by task type: cheap enough to poll for metrics (it reads only QUEUED and SCHEDULED rows). */
    List<QueueDepth> queueDepth();

    /** Leased tasks whose lease expired and that await recovery (a range on the lease index). */
    long expiredLeases();

    /**
     * Tasks that ended in the last {@code minutes} minutes of the database's clock, the current minute
     * included, per minute and terminal status. A range on the finished index: it reads the rows of those
     * minutes only, however many older ones the table holds.
     */
    FinishedPerMinute finishedPerMinute(int minutes);

    /** Due QUEUED tasks and leased tasks now; it reads only the QUEUED, RUNNING and CANCEL_REQUESTED rows. */
    QueueSample queueSample();

    /**
     * Deletes at most {@code limit} tasks in {@code status} (a terminal one) that finished longer ago than
     * {@code olderThan}, by the database's clock, in one short statement.
     */
    int deleteFinished(TaskStatus status, Duration olderThan, int limit);

    /**
     * FAILED or CANCELLED -> QUEUED, due now, with the attempt count reset to 0.
     *
     * @param operator who asked, which the task event names; null when unknown
     */
    RetryOutcome retry(long taskId, String operator);

    default RetryOutcome retry(long taskId) {
        return retry(taskId, null);
    }

    /** The task's latest recorded events, at most {@code limit}, oldest first; empty for an unknown task. */
    List<TaskEvent> events(long taskId, int limit);
}
