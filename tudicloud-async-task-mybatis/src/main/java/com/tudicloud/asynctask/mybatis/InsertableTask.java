package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.DependencyFailure;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.NewTask;

/**
 * A row to insert; MyBatis writes the generated id back into it. A task that waits for others is given its start
 * ({@link #waitFor}, {@link #cancelFor}) before the insert.
 */
final class InsertableTask {

    private final NewTask task;
    private final Long batchId;
    private final Long parentTaskId;
    private Long id;
    private int waitingOn;
    private boolean hasDependents;
    private String cancelledBecause;

    /**
     * @param batchId      the batch it is a child of, or null
     * @param parentTaskId the running task that submitted it, or null
     */
    InsertableTask(NewTask task, Long batchId, Long parentTaskId) {
        this.task = task;
        this.batchId = batchId;
        this.parentTaskId = parentTaskId;
    }

    public Long getBatchId() {
        return batchId;
    }

    public Long getParentTaskId() {
        return parentTaskId;
    }

    public String getTaskType() {
        return task.taskType();
    }

    public String getPayloadJson() {
        return task.payloadJson();
    }

    public int getPriority() {
        return task.priority();
    }

    public long getDelayMicros() {
        return DatabaseDurations.micros(task.delayMillis());
    }

    NewTask task() {
        return task;
    }

    /**
     * WAITING for this many dependencies, a task due later SCHEDULED (out of the claim's walk of QUEUED tasks), and
     * one whose dependency did not succeed CANCELLED.
     */
    public String getStatus() {
        if (cancelledBecause != null) {
            return TaskStatus.CANCELLED.name();
        }
        if (waitingOn > 0) {
            return TaskStatus.WAITING.name();
        }
        return task.delayMillis() > 0 ? TaskStatus.SCHEDULED.name() : TaskStatus.QUEUED.name();
    }

    /** It starts WAITING for this many dependencies that have not ended (0: it starts as a task without any). */
    void waitFor(int dependencies) {
        this.waitingOn = dependencies;
    }

    /** It starts CANCELLED, for this reason: a dependency did not succeed, and its rule says cancel. */
    void cancelFor(String reason) {
        this.cancelledBecause = reason;
    }

    /** Another task about to be inserted waits for this one. */
    void markHavingDependents() {
        this.hasDependents = true;
    }

    public int getWaitingOn() {
        return waitingOn;
    }

    public boolean isHasDependents() {
        return hasDependents;
    }

    public boolean isStartsCancelled() {
        return cancelledBecause != null;
    }

    public String getLastError() {
        return cancelledBecause;
    }

    /** RUN, or null for the default: cancelled when a dependency fails. */
    public String getIfDependencyFails() {
        return task.ifDependencyFails() == DependencyFailure.RUN ? DependencyFailure.RUN.name() : null;
    }

    public int getMaxAttempts() {
        return task.maxAttempts();
    }

    public String getOwnerId() {
        return task.ownerId();
    }

    public String getDedupKey() {
        return task.dedupKey();
    }

    public String getTraceParent() {
        return task.traceParent();
    }

    public String getTaskKey() {
        return task.taskKey();
    }

    public Long getId() {
        return id;
    }

    public void setId(Long id) {
        this.id = id;
    }
}
