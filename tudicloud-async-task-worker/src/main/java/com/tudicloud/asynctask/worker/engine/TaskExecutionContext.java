package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.NewTask;

import java.util.List;
import java.util.OptionalLong;

/** The context a handler sees; progress waits here for the next heartbeat, children for the outcome. */
final class TaskExecutionContext implements TaskContext {

    private final ClaimedTask task;
    private final StorableValues values;
    private final SubmittedChildren children;
    private volatile boolean cancellationRequested;
    private volatile Progress progress;
    private volatile boolean messageAdjusted;

    record Progress(int percent, String message) {
    }

    TaskExecutionContext(ClaimedTask task, StorableValues values, SubmittedChildren children) {
        this.task = task;
        this.values = values;
        this.children = children;
    }

    @Override
    public long taskId() {
        return task.id();
    }

    @Override
    public String taskType() {
        return task.taskType();
    }

    @Override
    public OptionalLong batchId() {
        return task.batchId() == null ? OptionalLong.empty() : OptionalLong.of(task.batchId());
    }

    @Override
    public int attempt() {
        return task.attempt();
    }

    @Override
    public String ownerId() {
        return task.ownerId();
    }

    @Override
    public String idempotencyKey() {
        return task.taskType() + ":" + task.id();
    }

    @Override
    public boolean isCancellationRequested() {
        return cancellationRequested;
    }

    @Override
    public void reportProgress(int percent, String message) {
        if (percent < 0 || percent > 100) {
            throw new IllegalArgumentException("progress must be from 0 to 100: " + percent);
        }
        // a message that does not fit is logged the first time only: a handler may report many times
        String fitted = values.progressMessage(task, message, !messageAdjusted);
        messageAdjusted |= fitted != message;
        this.progress = new Progress(percent, fitted);
    }

    @Override
    public void submit(TaskRequest child) {
        children.add(child);
    }

    /** Ends submitting as the outcome is decided: a SUCCEEDED outcome carries the children returned. */
    List<NewTask> closeChildren() {
        return children.close();
    }

    void requestCancellation() {
        cancellationRequested = true;
    }

    Progress progress() {
        return progress;
    }
}
