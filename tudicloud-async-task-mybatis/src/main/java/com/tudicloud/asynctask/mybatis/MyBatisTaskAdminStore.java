package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.RetryOutcome;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.FinishedPerMinute;
import com.tudicloud.asynctask.api.spi.QueueDepth;
import com.tudicloud.asynctask.api.spi.QueueSample;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.TaskEvent;
import com.tudicloud.asynctask.api.spi.TaskEventType;
import com.tudicloud.asynctask.api.spi.TaskPage;
import com.tudicloud.asynctask.api.spi.TaskQuery;
import com.tudicloud.asynctask.api.spi.TaskStats;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Operators' reads and the retry, on MyBatis. */
final class MyBatisTaskAdminStore implements TaskAdminStore {

    private final SystemAsyncTaskMapper mapper;
    private final TransactionTemplate readCommittedTransaction;
    private final ReadCommittedStatements readCommitted;
    private final TaskEventLog events;

    MyBatisTaskAdminStore(SystemAsyncTaskMapper mapper, TransactionTemplate readCommittedTransaction,
                          ReadCommittedStatements readCommitted, TaskEventLog events) {
        this.mapper = mapper;
        this.readCommittedTransaction = readCommittedTransaction;
        this.readCommitted = readCommitted;
        this.events = events;
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
}
