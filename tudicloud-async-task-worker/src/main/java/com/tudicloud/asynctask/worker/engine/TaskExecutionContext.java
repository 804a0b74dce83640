package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.spi.ClaimedTask;

/** The context a handler sees; progress waits here for the next heartbeat. */
final class TaskExecutionContext implements TaskContext {

    private final ClaimedTask task;
    private volatile boolean cancellationRequested;
    private volatile Progress progress;

    record Progress(int percent, String message) {
    }

    TaskExecutionContext(ClaimedTask task) {
        this.task = task;
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
        this.progress = new Progress(percent, message == null ? null : truncate(message, 500));
    }

    void requestCancellation() {
        cancellationRequested = true;
    }

    Progress progress() {
        return progress;
    }

    private static String truncate(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max);
    }
}
