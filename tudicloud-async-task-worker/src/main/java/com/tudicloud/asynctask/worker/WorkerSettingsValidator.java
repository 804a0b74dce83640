package com.tudicloud.asynctask.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Checks the worker settings against each other at start-up, so that a worker never runs with
 * settings that lose leases while it is healthy. Every message names the properties involved.
 */
public final class WorkerSettingsValidator {

    private static final String P = "async-task.worker.";

    /**
     * The watchdog stops an execution at (last renewal sent + lease - heartbeat / 2). When one renewal round
     * fails, the next is sent two heartbeats after the last successful one (plus the time both rounds took),
     * and its answer must arrive before that stop: lease > 2.5 heartbeats + the rounds' own time. Three
     * heartbeats leave half a heartbeat for the rounds.
     */
    static final int MIN_HEARTBEATS_PER_LEASE = 3;

    private WorkerSettingsValidator() {
    }

    /** @throws InvalidWorkerSettingsException listing every violation */
    public static void validate(AsyncTaskProperties.Worker worker) {
        List<String> violations = new ArrayList<>();
        positive(violations, "lease-timeout", worker.getLeaseTimeout());
        positive(violations, "heartbeat-interval", worker.getHeartbeatInterval());
        positive(violations, "recovery-interval", worker.getRecoveryInterval());
        positive(violations, "registry-refresh-interval", worker.getRegistryRefreshInterval());
        positive(violations, "max-execution-time", worker.getMaxExecutionTime());
        positive(violations, "poll-interval", worker.getPollInterval());
        positive(violations, "limits-refresh-interval", worker.getLimitsRefreshInterval());
        positive(violations, "shutdown-timeout", worker.effectiveShutdownTimeout());
        notNegative(violations, "recovery-batch-pause", worker.getRecoveryBatchPause());
        notNegative(violations, "prefetch-window", worker.getPrefetchWindow());
        atLeastOne(violations, "slots", worker.getSlots());
        atLeastOne(violations, "recovery-batch-size", worker.getRecoveryBatchSize());
        atLeastOne(violations, "recovery-max-batches", worker.getRecoveryMaxBatches());
        atLeastOne(violations, "completion-batch-size", worker.getCompletionBatchSize());
        if (worker.getGlobalLimit() < 0) {
            violations.add(P + "global-limit must be 0 (no limit) or more, but is " + worker.getGlobalLimit());
        }
        for (Map.Entry<String, Integer> limit : worker.getTypeLimits().entrySet()) {
            if (limit.getValue() == null || limit.getValue() < 1) {
                violations.add(P + "type-limits." + limit.getKey() + " must be at least 1, but is " + limit.getValue());
            }
        }
        validateRetry(violations, worker.getRetry());
        if (violations.isEmpty()) {
            validateTimings(violations, worker);
        }
        if (!violations.isEmpty()) {
            throw new InvalidWorkerSettingsException(violations);
        }
    }

    /** The article's constraints between lease, heartbeat and recovery. */
    private static void validateTimings(List<String> violations, AsyncTaskProperties.Worker worker) {
        Duration lease = worker.getLeaseTimeout();
        Duration heartbeat = worker.getHeartbeatInterval();
        if (lease.compareTo(heartbeat.multipliedBy(MIN_HEARTBEATS_PER_LEASE)) < 0) {
            violations.add(P + "lease-timeout (" + lease + ") must be at least " + MIN_HEARTBEATS_PER_LEASE + " x " + P
                    + "heartbeat-interval (" + heartbeat + "): the watchdog stops an execution half a heartbeat "
                    + "before its lease runs out, and after one missed renewal the next is sent two heartbeats "
                    + "after the last, so a shorter lease loses its tasks to a single missed heartbeat");
        }
        Duration recovery = worker.getRecoveryInterval();
        if (recovery.compareTo(lease.multipliedBy(2)) > 0) {
            // a crashed worker's tasks would wait more than three lease timeouts
            violations.add(P + "recovery-interval (" + recovery + ") must be at most twice " + P
                    + "lease-timeout (" + lease + ")");
        }
    }

    private static void validateRetry(List<String> violations, AsyncTaskProperties.Retry retry) {
        positive(violations, "retry.initial-backoff", retry.getInitialBackoff());
        positive(violations, "retry.max-backoff", retry.getMaxBackoff());
        if (retry.getMultiplier() < 1.0) {
            violations.add(P + "retry.multiplier must be at least 1.0, but is " + retry.getMultiplier());
        }
        if (retry.getJitter() < 0 || retry.getJitter() >= 1.0) {
            violations.add(P + "retry.jitter must be from 0 to below 1.0, but is " + retry.getJitter());
        }
    }

    private static void positive(List<String> violations, String property, Duration value) {
        if (value == null || value.isZero() || value.isNegative()) {
            violations.add(P + property + " must be positive, but is " + value);
        }
    }

    private static void notNegative(List<String> violations, String property, Duration value) {
        if (value == null || value.isNegative()) {
            violations.add(P + property + " must not be negative, but is " + value);
        }
    }

    private static void atLeastOne(List<String> violations, String property, int value) {
        if (value < 1) {
            violations.add(P + property + " must be at least 1, but is " + value);
        }
    }
}
