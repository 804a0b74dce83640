package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.CancelOutcome;
import com.tudicloud.asynctask.api.SubmittedTask;
import com.tudicloud.asynctask.api.TaskLinks;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TaskView;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.TaskEventType;
import com.tudicloud.asynctask.api.spi.TaskStore;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/** Submitting, reading and cancelling on MyBatis. */
final class MyBatisTaskStore implements TaskStore {

    /** A cancel that races a claim or a retry looks again this many times. */
    private static final int CANCEL_ATTEMPTS = 3;

    private final SystemAsyncTaskMapper mapper;
    private final TransactionTemplate joinCaller;
    private final TaskEventLog events;
    private final TaskInserts inserts;
    private final TaskEnds ends;
    private final SystemAsyncTaskDependencyMapper dependencies;

    MyBatisTaskStore(SystemAsyncTaskMapper mapper, TransactionTemplate joinCaller, TaskEventLog events,
                     TaskInserts inserts, TaskEnds ends, SystemAsyncTaskDependencyMapper dependencies) {
        this.mapper = mapper;
        this.joinCaller = joinCaller;
        this.events = events;
        this.inserts = inserts;
        this.ends = ends;
        this.dependencies = dependencies;
    }

    @Override
    public List<SubmittedTask> insert(List<NewTask> tasks) {
        return inserts.insert(tasks);
    }

    @Override
    public List<SubmittedTask> insertChain(List<NewTask> steps) {
        return inserts.insertChain(steps);
    }

    @Override
    public TaskLinks links(long taskId, int limit) {
        return new TaskLinks(dependencies.selectDependencies(taskId, limit), dependencies.selectDependents(taskId, limit));
    }

    @Override
    public Optional<TaskView> findById(long taskId) {
        return Optional.ofNullable(mapper.selectById(taskId));
    }

    @Override
    public List<TaskView> findByOwner(String ownerId, Collection<TaskStatus> statuses, int limit) {
        return mapper.selectByOwner(ownerId, statuses, limit);
    }

    /** Each change and its event (and the end of the batch it may end) in one transaction (the caller's, if any). */
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
            if (!status.isPending() && status != TaskStatus.RUNNING) {
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
            // a child cancelled alone may be its batch's last, and a task may have dependents: reads on this path only
            ends.ended(List.of(taskId), Collections.singletonList(mapper.selectBatchId(taskId)));
            return CancelOutcome.CANCELLED;
        }
        if (mapper.requestCancelOfRunning(taskId) == 1) {
            events.changed(List.of(taskId), TaskEventType.CANCEL_REQUESTED, requestedBy);
            return CancelOutcome.CANCEL_REQUESTED;
        }
        return null;
    }
}
