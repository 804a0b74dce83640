package com.tudicloud.asynctask.worker.engine;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The worker's local slots and the executions that hold them. A slot is taken at claim and given
 * back only once the outcome is written (or dropped), so the worker never holds more leases than
 * it has slots.
 */
final class ActiveExecutions {

    private final int slots;
    private final Map<Long, TaskExecution> byTaskId = new ConcurrentHashMap<>();
    private final Runnable onSlotFreed;

    ActiveExecutions(int slots, Runnable onSlotFreed) {
        this.slots = slots;
        this.onSlotFreed = onSlotFreed;
    }

    int freeSlots() {
        return slots - byTaskId.size();
    }

    int size() {
        return byTaskId.size();
    }

    boolean isEmpty() {
        return byTaskId.isEmpty();
    }

    void add(TaskExecution execution) {
        if (byTaskId.size() >= slots) {
            throw new IllegalStateException("no free slot for task " + execution.taskId());
        }
        byTaskId.put(execution.taskId(), execution);
    }

    void finish(TaskExecution execution) {
        if (byTaskId.remove(execution.taskId(), execution)) {
            onSlotFreed.run();
        }
    }

    List<TaskExecution> snapshot() {
        return List.copyOf(byTaskId.values());
    }

    /** Executions whose handler has not returned yet. */
    List<TaskExecution> running() {
        return byTaskId.values().stream().filter(e -> !e.isCompleting()).toList();
    }
}
