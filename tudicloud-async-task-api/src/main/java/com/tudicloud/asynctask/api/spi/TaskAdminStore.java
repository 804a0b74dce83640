package com.tudicloud.asynctask.api.spi;

import com.tudicloud.asynctask.api.RetryOutcome;
import com.tudicloud.asynctask.api.TaskStatus;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** What operators need beyond the client: listing with filters, the queue's state, and retrying. */
public interface TaskAdminStore {

    /**
     * A page of tasks, and how many match: counted up to {@code countLimit} at most, so that the count reads no
     * more than that many index entries however many tasks match ({@link TaskPage#totalCapped()} says it stopped).
     */
    TaskPage search(TaskQuery query, long countLimit);

    default TaskPage search(TaskQuery query) {
        return search(query, Long.MAX_VALUE);
    }

    /**
     * The queue's state, each status counted up to {@code countLimit} tasks at most (from the index alone), so
     * that it costs the same on a table of ten million tasks as on one of ten thousand.
     */
    TaskStats stats(long countLimit);

    default TaskStats stats() {
        return stats(Long.MAX_VALUE);
    }

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

    /**
     * The task's latest events, at most {@code limit}, oldest first; empty for an unknown task. Unless events are
     * off, they include the claim and the success of the current attempt that the task row tells, when not recorded.
     */
    List<TaskEvent> events(long taskId, int limit);

    /** The statuses a bulk retry takes, and those a bulk cancel takes. */
    Set<TaskStatus> RETRYABLE = Set.of(TaskStatus.FAILED, TaskStatus.CANCELLED);
    Set<TaskStatus> CANCELLABLE = Set.of(TaskStatus.WAITING, TaskStatus.SCHEDULED, TaskStatus.QUEUED, TaskStatus.RUNNING);

    /**
     * Per task type that has tasks waiting, leased or ended lately: what they are doing now, and how many
     * ended in the last {@code minutes} minutes of the database's clock.
     */
    List<TypeActivity> typeActivity(int minutes);

    /**
     * The use of the per-key caps and rate limits of these types, one entry per type with either, in type order.
     * Costs what the fleet leases and what the rate windows hold, whatever waits.
     */
    List<LimitUse> limitUse(List<TypeSettings.Type> types);

    /** How many tasks match now: what a bulk action with this filter would take, short of races. */
    default long countMatching(TaskFilter filter) {
        return countMatching(filter, Long.MAX_VALUE);
    }

    /** As {@link #countMatching(TaskFilter)}, but it stops counting at {@code limit}: at most that many are read. */
    long countMatching(TaskFilter filter, long limit);

    /** The ids a bulk action walks: the lowest and the highest id of the table now; empty for an empty table. */
    Optional<IdSpan> idSpan();

    /**
     * {@link #retryMatching} over one range of ids, {@code from} to {@code to} both included: one short statement
     * (one short transaction while events are recorded), so that a caller walking the ranges itself can report
     * progress and stop between them.
     */
    BulkResult retryRange(TaskFilter filter, long from, long to, String operator);

    /** {@link #cancelMatching} over one range of ids, as {@link #retryRange}. */
    BulkResult cancelRange(TaskFilter filter, long from, long to, String operator);

    /**
     * {@link #retry} for every task that matches (statuses among {@link #RETRYABLE}, both when none is named)
     * and existed when the call began. It walks the table's ids in ranges of {@code batchIds}, one short
     * statement per range, so no statement reads more than that many rows or holds its locks for long;
     * tasks it retried no longer match, so a repeat changes nothing. Each task retried gets its event, as
     * {@link #retry} gives it, recorded in the same transaction as its range's change.
     *
     * @param operator who asked, which the task events name; null when unknown
     */
    BulkResult retryMatching(TaskFilter filter, int batchIds, String operator);

    default BulkResult retryMatching(TaskFilter filter, int batchIds) {
        return retryMatching(filter, batchIds, null);
    }

    /**
     * Cancels every task that matches (statuses among {@link #CANCELLABLE}, all three when none is named) and
     * existed when the call began, as a cancel of each would: waiting ones end CANCELLED, running ones become
     * CANCEL_REQUESTED. In ranges of {@code batchIds} ids as {@link #retryMatching} does, each task's event
     * recorded with its range's change as a cancel's is.
     *
     * @param operator who asked, which the task events name; null when unknown
     */
    BulkResult cancelMatching(TaskFilter filter, int batchIds, String operator);

    default BulkResult cancelMatching(TaskFilter filter, int batchIds) {
        return cancelMatching(filter, batchIds, null);
    }
}
