package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.BatchCallback;
import com.tudicloud.asynctask.api.BatchState;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.NewTask;

import java.time.LocalDateTime;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * A row of system_async_task_batch as read; with one status of its children and their count where the read
 * joins them ({@code childStatus} null for a batch read alone). A bean: the reads name different columns.
 */
public final class BatchRow {

    private long id;
    private BatchState state;
    private String ownerId;
    private String successType;
    private String successPayload;
    private int successPriority;
    private int successMaxAttempts;
    private Long successTaskId;
    private String failureType;
    private String failurePayload;
    private int failurePriority;
    private int failureMaxAttempts;
    private Long failureTaskId;
    private String completeType;
    private String completePayload;
    private int completePriority;
    private int completeMaxAttempts;
    private Long completeTaskId;
    private LocalDateTime createTime;
    private LocalDateTime finishedAt;
    private TaskStatus childStatus;
    private long childCount;

    /** The callback task to insert for this end, if the batch has one: no dedup of its own, due at once. */
    NewTask callback(BatchCallback on) {
        return switch (on) {
            case SUCCESS -> task(successType, successPayload, successPriority, successMaxAttempts, on);
            case FAILURE -> task(failureType, failurePayload, failurePriority, failureMaxAttempts, on);
            case COMPLETE -> task(completeType, completePayload, completePriority, completeMaxAttempts, on);
        };
    }

    Map<BatchCallback, String> callbackTypes() {
        Map<BatchCallback, String> types = new EnumMap<>(BatchCallback.class);
        putIfSet(types, BatchCallback.SUCCESS, successType);
        putIfSet(types, BatchCallback.FAILURE, failureType);
        putIfSet(types, BatchCallback.COMPLETE, completeType);
        return types;
    }

    Map<BatchCallback, Long> callbackTasks() {
        Map<BatchCallback, Long> tasks = new EnumMap<>(BatchCallback.class);
        putIfSet(tasks, BatchCallback.SUCCESS, successTaskId);
        putIfSet(tasks, BatchCallback.FAILURE, failureTaskId);
        putIfSet(tasks, BatchCallback.COMPLETE, completeTaskId);
        return tasks;
    }

    /**
     * The dedup key of a batch's callback: with the task type, the unique key refuses a second insert of one
     * batch's callback for one end, whatever happened before; and it names the batch to the callback's handler.
     */
    static String callbackKey(long batchId, BatchCallback on) {
        return "batch:" + batchId + ":" + on.name().toLowerCase(Locale.ROOT);
    }

    private NewTask task(String type, String payload, int priority, int maxAttempts, BatchCallback on) {
        return type == null ? null
                : new NewTask(type, payload, priority, 0, maxAttempts, ownerId, callbackKey(id, on));
    }

    private static <V> void putIfSet(Map<BatchCallback, V> map, BatchCallback key, V value) {
        if (value != null) {
            map.put(key, value);
        }
    }

    public long getId() { return id; }
    public void setId(long id) { this.id = id; }
    public BatchState getState() { return state; }
    public void setState(BatchState state) { this.state = state; }
    public String getOwnerId() { return ownerId; }
    public void setOwnerId(String ownerId) { this.ownerId = ownerId; }
    public void setSuccessType(String successType) { this.successType = successType; }
    public void setSuccessPayload(String successPayload) { this.successPayload = successPayload; }
    public void setSuccessPriority(Integer successPriority) { this.successPriority = successPriority == null ? 0 : successPriority; }
    public void setSuccessMaxAttempts(Integer successMaxAttempts) { this.successMaxAttempts = successMaxAttempts == null ? 0 : successMaxAttempts; }
    public void setSuccessTaskId(Long successTaskId) { this.successTaskId = successTaskId; }
    public void setFailureType(String failureType) { this.failureType = failureType; }
    public void setFailurePayload(String failurePayload) { this.failurePayload = failurePayload; }
    public void setFailurePriority(Integer failurePriority) { this.failurePriority = failurePriority == null ? 0 : failurePriority; }
    public void setFailureMaxAttempts(Integer failureMaxAttempts) { this.failureMaxAttempts = failureMaxAttempts == null ? 0 : failureMaxAttempts; }
    public void setFailureTaskId(Long failureTaskId) { this.failureTaskId = failureTaskId; }
    public void setCompleteType(String completeType) { this.completeType = completeType; }
    public void setCompletePayload(String completePayload) { this.completePayload = completePayload; }
    public void setCompletePriority(Integer completePriority) { this.completePriority = completePriority == null ? 0 : completePriority; }
    public void setCompleteMaxAttempts(Integer completeMaxAttempts) { this.completeMaxAttempts = completeMaxAttempts == null ? 0 : completeMaxAttempts; }
    public void setCompleteTaskId(Long completeTaskId) { this.completeTaskId = completeTaskId; }
    public LocalDateTime getCreateTime() { return createTime; }
    public void setCreateTime(LocalDateTime createTime) { this.createTime = createTime; }
    public LocalDateTime getFinishedAt() { return finishedAt; }
    public void setFinishedAt(LocalDateTime finishedAt) { this.finishedAt = finishedAt; }
    public TaskStatus getChildStatus() { return childStatus; }
    public void setChildStatus(TaskStatus childStatus) { this.childStatus = childStatus; }
    public long getChildCount() { return childCount; }
    public void setChildCount(long childCount) { this.childCount = childCount; }
}
