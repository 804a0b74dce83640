package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.BulkResult;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.TaskEventType;
import com.tudicloud.asynctask.api.spi.TaskFilter;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The operators' bulk retry and cancel: every matching task, walked in ranges of ids from the lowest id to
 * the highest one when the action began (tasks submitted since are left alone), each range on its own at
 * READ COMMITTED so that its locks are short and rows it does not change are not locked at all.
 * <p>
 * Without task events a range is one UPDATE per kind of change. With them, a range is one short transaction:
 * it locks the matching rows of the range (one SELECT), changes exactly those (one UPDATE per kind of
 * change) and records one event each in one INSERT ... SELECT, naming the operator, as a single retry or
 * cancel does; the event commits with its change or not at all. Ranges of more than
 * {@link TaskEventLog#CHUNK} matching tasks take one UPDATE and one INSERT per chunk of that many.
 */
final class MyBatisBulkActions {

    private final SystemAsyncTaskMapper mapper;
    private final TransactionTemplate readCommittedTransaction;
    private final ReadCommittedStatements readCommitted;
    private final TaskEventLog events;
    private final TaskEnds ends;

    MyBatisBulkActions(SystemAsyncTaskMapper mapper, TransactionTemplate readCommittedTransaction,
                       ReadCommittedStatements readCommitted, TaskEventLog events, TaskEnds ends) {
        this.mapper = mapper;
        this.readCommittedTransaction = readCommittedTransaction;
        this.readCommitted = readCommitted;
        this.events = events;
        this.ends = ends;
    }

    BulkResult retry(TaskFilter filter, int batchIds, String operator) {
        return walk(batchIds, retrying(filter, operator));
    }

    BulkResult cancel(TaskFilter filter, int batchIds, String operator) {
        return walk(batchIds, cancelling(filter, operator));
    }

    /** One range of a retry, for a caller that walks the ranges itself. */
    BulkResult retryRange(TaskFilter filter, long from, long to, String operator) {
        return range(retrying(filter, operator), from, to);
    }

    /** One range of a cancel, for a caller that walks the ranges itself. */
    BulkResult cancelRange(TaskFilter filter, long from, long to, String operator) {
        return range(cancelling(filter, operator), from, to);
    }

    private Action retrying(TaskFilter filter, String operator) {
        TaskFilter retryable = filter.within(TaskAdminStore.RETRYABLE);
        return new Action(retryable, new Step(retryable, mapper::requeueRange), null,
                TaskEventType.RETRIED, ids -> events.changed(ids, TaskEventType.RETRIED, operator), null);
    }

    /** Waiting tasks end CANCELLED, running ones become CANCEL_REQUESTED: two steps over the same ranges. */
    private Action cancelling(TaskFilter filter, String operator) {
        TaskFilter cancellable = filter.within(TaskAdminStore.CANCELLABLE);
        Set<TaskStatus> waitingStatuses = new TreeSet<>(cancellable.statuses());
        boolean running = waitingStatuses.remove(TaskStatus.RUNNING);
        Step waiting = waitingStatuses.isEmpty() ? null
                : new Step(withStatuses(cancellable, waitingStatuses), mapper::cancelWaitingRange);
        Step leased = running ? new Step(withStatuses(cancellable, Set.of(TaskStatus.RUNNING)), mapper::requestCancelRange)
                : null;
        return new Action(cancellable, waiting, leased, TaskEventType.CANCELLED, ids -> events.cancelled(ids, operator),
                cancelled -> ends.ended(cancelled, List.of()));
    }

    private static TaskFilter withStatuses(TaskFilter filter, Set<TaskStatus> statuses) {
        return new TaskFilter(statuses, filter.taskType(), filter.ownerId(), filter.createdFrom(), filter.createdTo());
    }

    /** One UPDATE over a range of ids, both ends included; {@code ids} null: every row of the range that matches. */
    @FunctionalInterface
    interface RangeUpdate {
        int run(TaskFilter filter, long from, long to, List<Long> ids);
    }

    /** The tasks of one kind that an action changes, and its statement. */
    private record Step(TaskFilter filter, RangeUpdate update) {

        boolean takes(MatchedTask task) {
            return filter.statuses().contains(task.status());
        }
    }

    /**
     * What a bulk action matches, its steps (the one that asks running tasks to stop apart), its events, and what
     * the tasks its changing step ended set off (their dependents), or null when it ends none.
     */
    private record Action(TaskFilter matching, Step changing, Step requesting, TaskEventType recorded,
                          Consumer<List<Long>> record, Consumer<List<Long>> ended) {
    }

    private record RangeCounts(int changed, int requested) {
    }

    private BulkResult walk(int batchIds, Action action) {
        if (batchIds < 1) {
            throw new IllegalArgumentException("batchIds must be at least 1: " + batchIds);
        }
        IdRange ids = mapper.selectIdRange();
        if (ids == null || ids.low() == null) {
            return new BulkResult(0, 0, 0);
        }
        long changed = 0;
        long requested = 0;
        long batches = 0;
        long high = ids.high();
        for (long from = ids.low(); ; from++) {
            long to = high - from < batchIds ? high : from + batchIds - 1;
            BulkResult counts = range(action, from, to);
            changed += counts.changed();
            requested += counts.requested();
            batches++;
            if (to == high) {
                return new BulkResult(changed, requested, batches);
            }
            from = to;
        }
    }

    private BulkResult range(Action action, long from, long to) {
        RangeCounts counts = events.records(action.recorded()) || action.ended() != null
                ? recordedRange(action, from, to) : unrecordedRange(action, from, to);
        return new BulkResult(counts.changed(), counts.requested(), 1);
    }

    /** Each step alone, one statement. */
    private RangeCounts unrecordedRange(Action action, long from, long to) {
        return new RangeCounts(alone(action.changing(), from, to), alone(action.requesting(), from, to));
    }

    private int alone(Step step, long from, long to) {
        return step == null ? 0 : readCommitted.run(() -> step.update().run(step.filter(), from, to, null));
    }

    /**
     * The range's matching rows locked, each step over exactly those, their events and what their ends set off, in
     * one transaction.
     */
    private RangeCounts recordedRange(Action action, long from, long to) {
        return readCommittedTransaction.execute(status -> {
            List<MatchedTask> locked = mapper.lockRange(action.matching(), from, to);
            if (locked.isEmpty()) {
                return new RangeCounts(0, 0);
            }
            RangeCounts counts = new RangeCounts(among(action.changing(), locked, from, to),
                    among(action.requesting(), locked, from, to));
            action.record().accept(locked.stream().map(MatchedTask::id).toList());
            if (action.ended() != null && action.changing() != null) {
                action.ended().accept(locked.stream().filter(action.changing()::takes).map(MatchedTask::id).toList());
            }
            return counts;
        });
    }

    private static int among(Step step, List<MatchedTask> locked, long from, long to) {
        if (step == null) {
            return 0;
        }
        List<Long> ids = locked.stream().filter(step::takes).map(MatchedTask::id).toList();
        int changed = 0;
        for (int start = 0; start < ids.size(); start += TaskEventLog.CHUNK) {
            changed += step.update().run(step.filter(), from, to,
                    ids.subList(start, Math.min(ids.size(), start + TaskEventLog.CHUNK)));
        }
        return changed;
    }
}
