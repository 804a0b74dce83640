package com.tudicloud.asynctask.admin.demo;

import com.tudicloud.asynctask.api.TaskContext;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** The context a worker would hand a handler, with the progress it reported kept for assertions. */
final class FakeTaskContext implements TaskContext {

    record Progress(int percent, String message) {
    }

    private final long taskId;
    private final String taskType;
    private final int attempt;
    private final String ownerId;
    private final List<Progress> progress = new CopyOnWriteArrayList<>();
    private volatile boolean cancellationRequested;

    FakeTaskContext(long taskId, String taskType, int attempt, String ownerId) {
        this.taskId = taskId;
        this.taskType = taskType;
        this.attempt = attempt;
        this.ownerId = ownerId;
    }

    static FakeTaskContext attempt(int attempt) {
        return new FakeTaskContext(42, "demo.test", attempt, "alice");
    }

    @Override
    public long taskId() {
        return taskId;
    }

    @Override
    public String taskType() {
        return taskType;
    }

    @Override
    public int attempt() {
        return attempt;
    }

    @Override
    public String ownerId() {
        return ownerId;
    }

    /** As the worker builds it: stable across attempts. */
    @Override
    public String idempotencyKey() {
        return taskType + ":" + taskId;
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
        progress.add(new Progress(percent, message));
    }

    void requestCancellation() {
        cancellationRequested = true;
    }

    List<Progress> progress() {
        return List.copyOf(progress);
    }

    List<String> messages() {
        return progress.stream().map(Progress::message).toList();
    }
}
