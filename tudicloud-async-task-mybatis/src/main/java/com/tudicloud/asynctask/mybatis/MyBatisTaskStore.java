package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.CancelOutcome;
import com.tudicloud.asynctask.api.SubmittedTask;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TaskView;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.TaskEventType;
import com.tudicloud.asynctask.api.spi.TaskStore;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** Submitting, reading and cancelling on MyBatis. */
final class MyBatisTaskStore implements TaskStore {

    /** Rows per multi-row INSERT: well inside MySQL's 65,535 placeholders per statement. */
    static final int INSERT_CHUNK = 1000;

    /** A cancel that races a claim or a retry looks again this many times. */
    private static final int CANCEL_ATTEMPTS = 3;

    private final SystemAsyncTaskMapper mapper;
    private final TransactionTemplate joinCaller;
    private final TaskEventLog events;

    MyBatisTaskStore(SystemAsyncTaskMapper mapper, TransactionTemplate joinCaller, TaskEventLog events) {
        this.mapper = mapper;
        this.joinCaller = joinCaller;
        this.events = events;
    }

    @Override
    public List<SubmittedTask> insert(List<NewTask> tasks) {
        boolean oneStatement = tasks.size() <= INSERT_CHUNK && tasks.stream().allMatch(task -> task.dedupKey() == null);
        // one statement is atomic on its own; it still joins the caller's transaction when there is one
        return oneStatement ? insertAll(tasks) : joinCaller.execute(status -> insertAll(tasks));
    }

    private List<SubmittedTask> insertAll(List<NewTask> tasks) {
        List<InsertableTask> rows = tasks.stream().map(InsertableTask::new).toList();
        List<InsertableTask> plain = rows.stream().filter(row -> row.getDedupKey() == null).toList();
        for (int from = 0; from < plain.size(); from += INSERT_CHUNK) {
            mapper.insertTasks(plain.subList(from, Math.min(plain.size(), from + INSERT_CHUNK)));
        }
        List<SubmittedTask> results = new ArrayList<>(rows.size());
        for (InsertableTask row : rows) {
            results.add(row.getDedupKey() == null ? new SubmittedTask(row.getId(), true) : insertDeduplicated(row));
        }
        return results;
    }

    /**
     * The unique key (task_type, dedup_key) decides, so two concurrent submits of one key cannot both
     * insert. A duplicate fails only its own statement, not the caller's transaction.
     */
    private SubmittedTask insertDeduplicated(InsertableTask row) {
        try {
            mapper.insertTasks(List.of(row));
            return new SubmittedTask(row.getId(), true);
        } catch (DuplicateKeyException duplicate) {
            Long existing = mapper.selectIdByDedupKey(row.getTaskType(), row.getDedupKey());
            if (existing == null) {
                throw duplicate;
            }
            return new SubmittedTask(existing, false);
        }
    }

    @Override
    public Optional<TaskView> findById(long taskId) {
        return Optional.ofNullable(mapper.selectById(taskId));
    }

    @Override
    public List<TaskView> findByOwner(String ownerId, Collection<TaskStatus> statuses, int limit) {
        return mapper.selectByOwner(ownerId, statuses, limit);
    }

    /** Each change and its event in one transaction (the caller's, if any). */
    @Override
    public CancelOutcome cancel(long taskId, String requestedBy) {
        for (int attempt = 0; attempt < CANCEL_ATTEMPTS; attempt++) {
            CancelOutcome changed = joinCaller.execute(status -> cancelOnce(taskId, requestedBy));
            if (changed != null) {
                return changed;
            }
            TaskStatus status = mapper.selectStatus(taskId);
            if (status == null) {
                return CancelOutcome.NOT_FOUND;
            }
            if (!status.isWaiting() && status != TaskStatus.RUNNING) {
                return CancelOutcome.ALREADY_FINISHED;
            }
            // it moved from waiting to RUNNING under our feet: look again
        }
        throw new IllegalStateException("task " + taskId + " kept changing status; cancel it again");
    }

    /** @return what changed, or null when the task was neither waiting nor running */
    private CancelOutcome cancelOnce(long taskId, String requestedBy) {
        if (mapper.cancelQueued(taskId) == 1) {
            events.changed(List.of(taskId), TaskEventType.CANCELLED, requestedBy);
            return CancelOutcome.CANCELLED;
        }
        if (mapper.requestCancelOfRunning(taskId) == 1) {
            events.changed(List.of(taskId), TaskEventType.CANCEL_REQUESTED, requestedBy);
            return CancelOutcome.CANCEL_REQUESTED;
        }
        return null;
    }
}
