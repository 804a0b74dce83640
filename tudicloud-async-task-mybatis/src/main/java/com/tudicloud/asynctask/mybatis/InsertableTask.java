package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.NewTask;

/** A row to insert; MyBatis writes the generated id back into it. */
final class InsertableTask {

    private final NewTask task;
    private final Long batchId;
    private final Long parentTaskId;
    private Long id;

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

    /** A task due later waits as SCHEDULED, out of the claim's walk of QUEUED tasks. */
    public String getStatus() {
        return task.delayMillis() > 0 ? TaskStatus.SCHEDULED.name() : TaskStatus.QUEUED.name();
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
