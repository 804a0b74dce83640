package com.tudicloud.asynctask.api.spi;

/**
 * Which state changes a store records as task events. Each event is written in the transaction of the
 * change it records, so a mode that records fewer kinds also spends fewer statements on the hot path.
 */
public enum TaskEventMode {
    /** Every change, each attempt's claim and success included: rows of their own, to query in SQL. */
    FULL,
    /**
     * All but claims and successes: a successful task costs nothing, a troubled one keeps its history. The
     * claim and the success of a task's current attempt are still read from the task row, which keeps them.
     */
    FAILURES_ONLY,
    /** No events. */
    OFF;

    /** What a service records unless it sets {@code async-task.events.mode}. */
    public static final TaskEventMode DEFAULT = FAILURES_ONLY;

    public boolean records(TaskEventType type) {
        return switch (this) {
            case FULL -> true;
            case FAILURES_ONLY -> !type.isRoutine();
            case OFF -> false;
        };
    }
}
