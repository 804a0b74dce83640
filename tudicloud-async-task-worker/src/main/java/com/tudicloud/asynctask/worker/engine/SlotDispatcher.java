package com.tudicloud.asynctask.worker.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Predicate;

/**
 * The slots: at most {@code slots} handlers run at once. Claimed executions beyond that wait here in
 * claim order (priority first) until a handler ends.
 */
final class SlotDispatcher {

    private final int slots;
    private final Executor threads;
    /** Runs one execution; true when that call decided its outcome, so that its slot is free again. */
    private final Predicate<TaskExecution> run;
    private final ArrayDeque<TaskExecution> waiting = new ArrayDeque<>();
    private int running;

    SlotDispatcher(int slots, Executor threads, Predicate<TaskExecution> run) {
        this.slots = slots;
        this.threads = threads;
        this.run = run;
    }

    void dispatch(List<TaskExecution> claimed) {
        synchronized (this) {
            waiting.addAll(claimed);
        }
        startWhatFits();
    }

    /** A handler ended, or was abandoned: its slot takes the next waiting execution. */
    void slotFreed() {
        synchronized (this) {
            running--;
        }
        startWhatFits();
    }

    synchronized int freeSlots() {
        return slots - running;
    }

    /** Takes one execution out of the wait, e.g. one whose cancel was requested; false when it has started. */
    synchronized boolean withdraw(TaskExecution execution) {
        return waiting.remove(execution);
    }

    /** Removes the executions that have not started, e.g. to hand them back on shutdown. */
    synchronized List<TaskExecution> takeWaiting() {
        List<TaskExecution> taken = new ArrayList<>(waiting);
        waiting.clear();
        return taken;
    }

    private void startWhatFits() {
        List<TaskExecution> starting = new ArrayList<>();
        synchronized (this) {
            while (running < slots && !waiting.isEmpty()) {
                starting.add(waiting.poll());
                running++;
            }
        }
        starting.forEach(execution -> threads.execute(() -> runOnSlot(execution)));
    }

    /**
     * Runs executions on this thread while its slot has work waiting: a slot that just freed takes the next
     * waiting execution itself instead of handing it to another thread (one thread wake-up fewer per task).
     */
    private void runOnSlot(TaskExecution first) {
        TaskExecution execution = first;
        while (execution != null && run.test(execution)) {
            execution = nextForThisSlot();
            Thread.interrupted();   // as a pool thread starts each task: no interrupt meant for the last one
        }
    }

    /** @return the next waiting execution, keeping the slot; or null, the slot freed */
    private synchronized TaskExecution nextForThisSlot() {
        TaskExecution next = waiting.poll();
        if (next == null) {
            running--;
        }
        return next;
    }
}
