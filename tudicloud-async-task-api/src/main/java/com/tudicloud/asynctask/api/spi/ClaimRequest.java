package com.tudicloud.asynctask.api.spi;

import java.util.Set;

/**
 * @param workerId    written to {@code lease_owner}
 * @param taskTypes   only tasks of these types
 * @param maxTasks    at most this many, normally the worker's free slots
 * @param leaseMillis lease length, added to the database's now
 * @param limits      fleet-wide caps on running tasks
 */
public record ClaimRequest(String workerId, Set<String> taskTypes, int maxTasks, long leaseMillis,
                           ConcurrencyLimits limits) {

    public ClaimRequest {
        taskTypes = Set.copyOf(taskTypes);
        if (maxTasks < 1) {
            throw new IllegalArgumentException("maxTasks must be at least 1: " + maxTasks);
        }
        if (leaseMillis < 1) {
            throw new IllegalArgumentException("leaseMillis must be positive: " + leaseMillis);
        }
    }
}
