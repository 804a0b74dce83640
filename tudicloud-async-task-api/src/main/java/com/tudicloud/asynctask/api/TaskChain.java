package com.tudicloud.asynctask.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Tasks that run one after another: each step waits for the one before it ({@link TaskRequest#after(long...)}),
 * and a step that does not succeed ends the rest as each step's {@link TaskRequest#ifDependencyFails} says.
 * Submitted in one transaction ({@link AsyncTaskClient#submitChain(TaskChain)}). The first step may wait for
 * tasks of its own; the later ones wait for their predecessor only. Immutable.
 */
public final class TaskChain {

    /** The most steps one chain holds. */
    public static final int MAX_STEPS = 10_000;

    private final List<TaskRequest> steps;

    private TaskChain(List<TaskRequest> steps) {
        this.steps = List.copyOf(steps);
    }

    public static TaskChain of(TaskRequest first) {
        return new TaskChain(List.of(Objects.requireNonNull(first, "first")));
    }

    /** This chain with one more step, which runs after the last one. */
    public TaskChain then(TaskRequest next) {
        Objects.requireNonNull(next, "next");
        if (!next.after().isEmpty()) {
            throw new IllegalArgumentException("a later step of a chain waits for the step before it only; "
                    + "give the first step the tasks the chain waits for");
        }
        if (next.dedupKey() != null) {
            throw new IllegalArgumentException("a later step of a chain must not have a dedup key");
        }
        if (steps.size() >= MAX_STEPS) {
            throw new IllegalArgumentException("a chain holds at most " + MAX_STEPS + " steps");
        }
        List<TaskRequest> longer = new ArrayList<>(steps);
        longer.add(next);
        return new TaskChain(longer);
    }

    /** The steps in the order they run. */
    public List<TaskRequest> steps() {
        return steps;
    }
}
