package com.tudicloud.asynctask.worker.engine;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntConsumer;

/**
 * The executions this worker holds a lease for: running, waiting for a slot, or with an outcome
 * waiting to be written. One is held from its claim until its outcome is written (or dropped), so
 * the worker never holds more leases than {@code maxHeld}.
 */
final class ActiveExecutions {

    private final int maxHeld;
    private final Map<Long, TaskExecution> byTaskId = new ConcurrentHashMap<>();
    private final IntConsumer onFinished;

    /** @param onFinished told how many are still held each time one is finished */
    ActiveExecutions(int maxHeld, IntConsumer onFinished) {
        this.maxHeld = maxHeld;
        this.onFinished = onFinished;
    }

    int size() {
        return byTaskId.size();
    }

    void add(TaskExecution execution) {
        if (byTaskId.size() >= maxHeld) {
            throw new IllegalStateException("already holding " + maxHeld + " tasks, cannot take task " + execution.taskId());
        }
        byTaskId.put(execution.taskId(), execution);
    }

    void finish(TaskExecution execution) {
        if (byTaskId.remove(execution.taskId(), execution)) {
            onFinished.accept(byTaskId.size());
        }
    }

    List<TaskExecution> snapshot() {
        return List.copyOf(byTaskId.values());
    }

    /** Executions whose outcome is not decided yet: waiting for a slot, or with a handler that has not returned. */
    List<TaskExecution> running() {
        return byTaskId.values().stream().filter(e -> !e.isCompleting()).toList();
    }
}
