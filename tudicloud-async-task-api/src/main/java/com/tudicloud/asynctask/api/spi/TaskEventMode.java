package com.tudicloud.asynctask.api.spi;

/**
 * Which state changes a store records as task events. Each event is written in the transaction of the
 * change it records, so a mode that records fewer kinds also spends fewer statements on the hot path.
 */
public enum TaskEventMode {
    /** Every change: each attempt's claim and end, recoveries, cancels and operators' actions. */
    FULL,
    /** All but claims and successes: a successful task costs nothing, a troubled one keeps its history. */
    FAILURES_ONLY,
    /** No events. */
    OFF;

    public boolean records(TaskEventType type) {
        return switch (this) {
            case FULL -> true;
            case FAILURES_ONLY -> !type.isRoutine();
            case OFF -> false;
        };
    }
}
