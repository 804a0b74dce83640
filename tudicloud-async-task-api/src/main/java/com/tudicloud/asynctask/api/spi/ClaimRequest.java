package com.tudicloud.asynctask.api.spi;

import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/**
 * @param workerId    written to {@code lease_owner}
 * @param taskTypes   only tasks of these types
 * @param maxTasks    at most this many, normally the worker's free slots
 * @param lease       lease length, added to the database's now
 * @param limits      fleet-wide caps on running tasks
 * @param pauses      asked, once tasks are found, which of their types are paused; those are not taken
 * @param rateHolds   told of each type whose rate limit held back its tasks
 */
public record ClaimRequest(String workerId, Set<String> taskTypes, int maxTasks, Duration lease,
                           ConcurrencyLimits limits, PauseCheck pauses, RateHolds rateHolds) {

    public ClaimRequest {
        taskTypes = Set.copyOf(taskTypes);
        Objects.requireNonNull(pauses, "pauses");
        Objects.requireNonNull(rateHolds, "rateHolds");
        if (maxTasks < 1) {
            throw new IllegalArgumentException("maxTasks must be at least 1: " + maxTasks);
        }
        if (lease.toMillis() < 1) {
            throw new IllegalArgumentException("lease must be at least a millisecond: " + lease);
        }
    }

    /** A claim that is not told of rate holds. */
    public ClaimRequest(String workerId, Set<String> taskTypes, int maxTasks, Duration lease, ConcurrencyLimits limits,
                        PauseCheck pauses) {
        this(workerId, taskTypes, maxTasks, lease, limits, pauses, RateHolds.NONE);
    }

    /** A claim that does not look at pauses. */
    public ClaimRequest(String workerId, Set<String> taskTypes, int maxTasks, Duration lease, ConcurrencyLimits limits) {
        this(workerId, taskTypes, maxTasks, lease, limits, PauseCheck.NONE, RateHolds.NONE);
    }
}
