package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.RetryOutcome;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.BulkResult;
import com.tudicloud.asynctask.api.spi.FinishedPerMinute;
import com.tudicloud.asynctask.api.spi.QueueDepth;
import com.tudicloud.asynctask.api.spi.QueueSample;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.TaskFilter;
import com.tudicloud.asynctask.api.spi.TaskPage;
import com.tudicloud.asynctask.api.spi.TaskQuery;
import com.tudicloud.asynctask.api.spi.TaskStats;
import com.tudicloud.asynctask.api.spi.TypeActivity;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** Operators' reads, the retry, and the bulk actions, on MyBatis. */
final class MyBatisTaskAdminStore implements TaskAdminStore {

    private final SystemAsyncTaskMapper mapper;
    private final ReadCommittedStatements readCommitted;

    MyBatisTaskAdminStore(SystemAsyncTaskMapper mapper, ReadCommittedStatements readCommitted) {
        this.mapper = mapper;
        this.readCommitted = readCommitted;
    }

    @Override
    public TaskPage search(TaskQuery query) {
        return new TaskPage(mapper.search(query), mapper.countMatching(query), query.page(), query.size());
    }

    @Override
    public TaskStats stats() {
        Map<TaskStatus, Long> byStatus = new EnumMap<>(TaskStatus.class);
        for (TaskStatus status : TaskStatus.values()) {
            byStatus.put(status, 0L);
        }
        Map<String, Map<TaskStatus, Long>> byType = new TreeMap<>();
        for (StatusTypeCount count : mapper.countByStatusAndType()) {
            byStatus.merge(count.status(), count.taskCount(), Long::sum);
            byType.computeIfAbsent(count.taskType(), type -> new EnumMap<>(TaskStatus.class))
                    .put(count.status(), count.taskCount());
        }
        byType.replaceAll((type, counts) -> Map.copyOf(counts));
        return new TaskStats(byStatus, byType, mapper.selectOldestDueQueued().ageMillis(), expiredLeases());
    }

    @Override
    public long expiredLeases() {
        return mapper.countExpiredLeases();
    }

    @Override
    public FinishedPerMinute finishedPerMinute(int minutes) {
        if (minutes < 1) {
            throw new IllegalArgumentException("minutes must be at least 1: " + minutes);
        }
        List<FinishedMinuteRow> rows = mapper.countFinishedPerMinute(minutes);
        List<FinishedPerMinute.Count> counts = rows.stream().filter(row -> row.status() != null)
                .map(row -> new FinishedPerMinute.Count(row.minuteStart(), row.status(), row.tasks())).toList();
        return new FinishedPerMinute(rows.get(0).dbNow(), counts);
    }

    @Override
    public QueueSample queueSample() {
        return mapper.sampleQueue();
    }

    @Override
    public List<QueueDepth> queueDepth() {
        return mapper.queueDepth().stream().map(QueueDepthRow::toQueueDepth).toList();
    }

    @Override
    public int deleteFinished(TaskStatus status, Duration olderThan, int limit) {
        if (!status.isTerminal()) {
            throw new IllegalArgumentException("only finished tasks are deleted, not " + status);
        }
        // at READ COMMITTED: the range it walks on idx_async_task_finished is not gap-locked
        return readCommitted.run(() -> mapper.deleteFinished(status, DatabaseDurations.microsAgo(olderThan), limit));
    }

    @Override
    public RetryOutcome retry(long taskId) {
        if (mapper.requeueFinished(taskId) == 1) {
            return RetryOutcome.REQUEUED;
        }
        return mapper.selectStatus(taskId) == null ? RetryOutcome.NOT_FOUND : RetryOutcome.NOT_RETRYABLE;
    }

    @Override
    public List<TypeActivity> typeActivity(int minutes) {
        if (minutes < 1) {
            throw new IllegalArgumentException("minutes must be at least 1: " + minutes);
        }
        Map<String, QueueDepthRow> waiting = new TreeMap<>();
        mapper.queueDepth().forEach(row -> waiting.put(row.taskType(), row));
        Map<String, Long> running = counts(mapper.countLeasedByType());
        Map<String, Long> finished = counts(mapper.countFinishedByType(minutes));
        Set<String> types = new TreeSet<>(waiting.keySet());
        types.addAll(running.keySet());
        types.addAll(finished.keySet());
        return types.stream().map(type -> {
            QueueDepthRow depth = waiting.get(type);
            return new TypeActivity(type, depth == null ? 0 : depth.queued(), depth == null ? 0 : depth.due(),
                    running.getOrDefault(type, 0L), finished.getOrDefault(type, 0L));
        }).toList();
    }

    private static Map<String, Long> counts(List<TypeCount> rows) {
        Map<String, Long> counts = new TreeMap<>();
        rows.forEach(row -> counts.put(row.taskType(), row.taskCount()));
        return counts;
    }

    @Override
    public long countMatching(TaskFilter filter) {
        return mapper.countMatching(filter.asQuery());
    }

    @Override
    public BulkResult retryMatching(TaskFilter filter, int batchIds) {
        TaskFilter retryable = filter.within(RETRYABLE);
        return inIdRanges(batchIds, (from, to) -> mapper.requeueRange(retryable, from, to), null);
    }

    @Override
    public BulkResult cancelMatching(TaskFilter filter, int batchIds) {
        TaskFilter cancellable = filter.within(CANCELLABLE);
        Set<TaskStatus> waitingStatuses = new TreeSet<>(cancellable.statuses());
        boolean running = waitingStatuses.remove(TaskStatus.RUNNING);
        TaskFilter waiting = waitingStatuses.isEmpty() ? null : withStatuses(cancellable, waitingStatuses);
        TaskFilter leased = running ? withStatuses(cancellable, Set.of(TaskStatus.RUNNING)) : null;
        return inIdRanges(batchIds,
                waiting == null ? null : (from, to) -> mapper.cancelWaitingRange(waiting, from, to),
                leased == null ? null : (from, to) -> mapper.requestCancelRange(leased, from, to));
    }

    private static TaskFilter withStatuses(TaskFilter filter, Set<TaskStatus> statuses) {
        return new TaskFilter(statuses, filter.taskType(), filter.ownerId(), filter.createdFrom(), filter.createdTo());
    }

    /** One statement over the ids from {@code from} to {@code to}, both included. */
    @FunctionalInterface
    private interface RangeStatement {
        int run(long from, long to);
    }

    /**
     * Runs the statements range after range of {@code batchIds} ids, from the lowest id to the highest one
     * when it began (tasks submitted since are left alone), each alone and at READ COMMITTED: a range's
     * locks last one short statement, and rows it does not change are not locked at all.
     */
    private BulkResult inIdRanges(int batchIds, RangeStatement changing, RangeStatement requesting) {
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
            changed += run(changing, from, to);
            requested += run(requesting, from, to);
            batches++;
            if (to == high) {
                return new BulkResult(changed, requested, batches);
            }
            from = to;
        }
    }

    private int run(RangeStatement statement, long from, long to) {
        return statement == null ? 0 : readCommitted.run(() -> statement.run(from, to));
    }
}
