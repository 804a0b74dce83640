package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.RetryOutcome;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.BulkResult;
import com.tudicloud.asynctask.api.spi.FinishedPerMinute;
import com.tudicloud.asynctask.api.spi.IdSpan;
import com.tudicloud.asynctask.api.spi.QueueDepth;
import com.tudicloud.asynctask.api.spi.QueueSample;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.TaskEvent;
import com.tudicloud.asynctask.api.spi.TaskEventType;
import com.tudicloud.asynctask.api.spi.TaskFilter;
import com.tudicloud.asynctask.api.spi.TaskPage;
import com.tudicloud.asynctask.api.spi.TaskQuery;
import com.tudicloud.asynctask.api.spi.TaskStats;
import com.tudicloud.asynctask.api.spi.LimitUse;
import com.tudicloud.asynctask.api.spi.TypeActivity;
import com.tudicloud.asynctask.api.spi.TypeSettings;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Duration;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** Operators' reads, the retry, and the bulk actions, on MyBatis. */
final class MyBatisTaskAdminStore implements TaskAdminStore {

    private final SystemAsyncTaskMapper mapper;
    private final TransactionTemplate readCommittedTransaction;
    private final ReadCommittedStatements readCommitted;
    private final TaskEventLog events;
    private final MyBatisBulkActions bulk;
    private final SystemAsyncTaskDependencyMapper dependencies;
    private final LimitUseCount limitUse;

    MyBatisTaskAdminStore(SystemAsyncTaskMapper mapper, TransactionTemplate readCommittedTransaction,
                          ReadCommittedStatements readCommitted, TaskEventLog events, TaskEnds ends,
                          SystemAsyncTaskDependencyMapper dependencies, SystemAsyncTaskStartMapper starts) {
        this.mapper = mapper;
        this.limitUse = new LimitUseCount(mapper, starts);
        this.readCommittedTransaction = readCommittedTransaction;
        this.readCommitted = readCommitted;
        this.events = events;
        this.dependencies = dependencies;
        this.bulk = new MyBatisBulkActions(mapper, readCommittedTransaction, readCommitted, events, ends);
    }

    /** The count reads one index entry more than the limit, to tell "exactly the limit" from "more". */
    @Override
    public TaskPage search(TaskQuery query, long countLimit) {
        long counted = mapper.countMatchingUpTo(query, plusOne(countLimit));
        return new TaskPage(mapper.search(query), Math.min(counted, countLimit), counted > countLimit, query.page(),
                query.size());
    }

    @Override
    public TaskStats stats(long countLimit) {
        Map<TaskStatus, Long> byStatus = new EnumMap<>(TaskStatus.class);
        for (TaskStatus status : TaskStatus.values()) {
            byStatus.put(status, 0L);
        }
        Map<String, Map<TaskStatus, Long>> byType = new TreeMap<>();
        for (StatusTypeCount count : mapper.countByStatusAndTypeUpTo(List.of(TaskStatus.values()), plusOne(countLimit))) {
            byStatus.merge(count.status(), count.taskCount(), Long::sum);
            byType.computeIfAbsent(count.taskType(), type -> new EnumMap<>(TaskStatus.class))
                    .put(count.status(), count.taskCount());
        }
        byType.replaceAll((type, counts) -> Map.copyOf(counts));
        Set<TaskStatus> capped = EnumSet.noneOf(TaskStatus.class);
        byStatus.replaceAll((status, count) -> {
            if (count > countLimit) {
                capped.add(status);
                return countLimit;
            }
            return count;
        });
        return new TaskStats(byStatus, byType, mapper.selectOldestDueQueued().ageMillis(), expiredLeases(), capped);
    }

    private static long plusOne(long limit) {
        return limit == Long.MAX_VALUE ? limit : limit + 1;
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
        long ageMicrosAgo = DatabaseDurations.microsAgo(olderThan);
        List<Long> ids = mapper.selectFinished(status, ageMicrosAgo, limit);
        if (ids.isEmpty()) {
            return 0;
        }
        // at READ COMMITTED, autocommitted: it locks the rows it deletes and nothing else
        int deleted = readCommitted.run(() -> mapper.deleteFinishedAmong(status, ageMicrosAgo, ids));
        // the dependencies of and on ended tasks have been released: nothing reads them but a listing
        readCommitted.run(() -> dependencies.deleteEdgesFrom(ids));
        readCommitted.run(() -> dependencies.deleteEdgesTo(ids));
        return deleted;
    }

    /** The retry and its event in one transaction. */
    @Override
    public RetryOutcome retry(long taskId, String operator) {
        Boolean requeued = readCommittedTransaction.execute(status -> {
            if (mapper.requeueFinished(taskId) != 1) {
                return false;
            }
            events.changed(List.of(taskId), TaskEventType.RETRIED, operator);
            return true;
        });
        if (Boolean.TRUE.equals(requeued)) {
            return RetryOutcome.REQUEUED;
        }
        return mapper.selectStatus(taskId) == null ? RetryOutcome.NOT_FOUND : RetryOutcome.NOT_RETRYABLE;
    }

    @Override
    public List<TaskEvent> events(long taskId, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1: " + limit);
        }
        return events.events(taskId, limit);
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

    @Override
    public List<LimitUse> limitUse(List<TypeSettings.Type> types) {
        return limitUse.of(types);
    }

    private static Map<String, Long> counts(List<TypeCount> rows) {
        Map<String, Long> counts = new TreeMap<>();
        rows.forEach(row -> counts.put(row.taskType(), row.taskCount()));
        return counts;
    }

    @Override
    public long countMatching(TaskFilter filter, long limit) {
        return mapper.countMatchingUpTo(filter.asQuery(), limit);
    }

    @Override
    public Optional<IdSpan> idSpan() {
        IdRange ids = mapper.selectIdRange();
        return ids == null || ids.low() == null ? Optional.empty() : Optional.of(new IdSpan(ids.low(), ids.high()));
    }

    @Override
    public BulkResult retryRange(TaskFilter filter, long from, long to, String operator) {
        return bulk.retryRange(filter, from, to, operator);
    }

    @Override
    public BulkResult cancelRange(TaskFilter filter, long from, long to, String operator) {
        return bulk.cancelRange(filter, from, to, operator);
    }

    @Override
    public BulkResult retryMatching(TaskFilter filter, int batchIds, String operator) {
        return bulk.retry(filter, batchIds, operator);
    }

    @Override
    public BulkResult cancelMatching(TaskFilter filter, int batchIds, String operator) {
        return bulk.cancel(filter, batchIds, operator);
    }
}
