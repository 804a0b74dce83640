package com.tudicloud.asynctask.worker;

import java.time.Duration;
import java.util.Map;

/**
 * Checks the worker settings, alone and against each other, so that a worker never runs with settings
 * that lose leases while it is healthy. Every message names the properties involved.
 */
public final class WorkerSettingsValidator {

    private static final String P = "async-task.worker.";

    /** Each slot may be a thread; the claim ahead of the slots counts up to 17 per slot in an int. */
    static final int MAX_SLOTS = 10_000;

    /**
     * The watchdog stops an execution at (last renewal sent + lease - heartbeat / 2). When one renewal round
     * fails, the next is sent two heartbeats after the last successful one (plus the time both rounds took),
     * and its answer must arrive before that stop: lease > 2.5 heartbeats + the rounds' own time. Three
     * heartbeats leave half a heartbeat for the rounds.
     */
    static final int MIN_HEARTBEATS_PER_LEASE = 3;

    private WorkerSettingsValidator() {
    }

    /** @throws InvalidAsyncTaskSettingsException listing every violation */
    public static void validate(AsyncTaskProperties.Worker worker) {
        SettingsViolations violations = new SettingsViolations();
        check(violations, worker);
        violations.throwIfAny();
    }

    static void check(SettingsViolations violations, AsyncTaskProperties.Worker worker) {
        int before = violations.count();
        checkEach(violations, worker);
        if (violations.count() == before) {
            checkTimings(violations, worker);
        }
    }

    private static void checkEach(SettingsViolations violations, AsyncTaskProperties.Worker worker) {
        violations.positive(P + "lease-timeout", worker.getLeaseTimeout());
        violations.positive(P + "heartbeat-interval", worker.getHeartbeatInterval());
        violations.positive(P + "recovery-interval", worker.getRecoveryInterval());
        violations.positive(P + "registry-refresh-interval", worker.getRegistryRefreshInterval());
        violations.positive(P + "max-execution-time", worker.getMaxExecutionTime());
        violations.positive(P + "poll-interval", worker.getPollInterval());
        violations.positive(P + "limits-refresh-interval", worker.getLimitsRefreshInterval());
        violations.positive(P + "shutdown-timeout", worker.effectiveShutdownTimeout());
        violations.notNegative(P + "recovery-batch-pause", worker.getRecoveryBatchPause());
        violations.notNegative(P + "prefetch-window", worker.getPrefetchWindow());
        violations.between(P + "slots", worker.getSlots(), 1, MAX_SLOTS);
        violations.atLeast(P + "recovery-batch-size", worker.getRecoveryBatchSize(), 1);
        violations.atLeast(P + "recovery-max-batches", worker.getRecoveryMaxBatches(), 1);
        violations.atLeast(P + "completion-batch-size", worker.getCompletionBatchSize(), 1);
        if (worker.getGlobalLimit() < 0) {
            violations.add(P + "global-limit must be 0 (no limit) or more, but is " + worker.getGlobalLimit());
        }
        for (Map.Entry<String, Integer> limit : worker.getTypeLimits().entrySet()) {
            if (limit.getValue() == null || limit.getValue() < 1) {
                violations.add(P + "type-limits." + limit.getKey() + " must be at least 1, but is " + limit.getValue());
            }
        }
        checkRetry(violations, worker.getRetry());
    }

    /** The constraints between lease, heartbeat and recovery. */
    private static void checkTimings(SettingsViolations violations, AsyncTaskProperties.Worker worker) {
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

    private static void checkRetry(SettingsViolations violations, AsyncTaskProperties.Retry retry) {
        violations.positive(P + "retry.initial-backoff", retry.getInitialBackoff());
        violations.positive(P + "retry.max-backoff", retry.getMaxBackoff());
        // written so that NaN fails too
        if (!(retry.getMultiplier() >= 1.0 && Double.isFinite(retry.getMultiplier()))) {
            violations.add(P + "retry.multiplier must be a finite number of at least 1.0, but is " + retry.getMultiplier());
        }
        if (!(retry.getJitter() >= 0 && retry.getJitter() < 1.0)) {
            violations.add(P + "retry.jitter must be from 0 to below 1.0, but is " + retry.getJitter());
        }
    }
}
