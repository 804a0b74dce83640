package com.tudicloud.asynctask.worker;

import com.tudicloud.asynctask.api.TaskPolicy;

import java.time.Duration;
import java.util.Map;

/**
 * Checks the worker settings, alone and against each other, so that a worker never runs with settings
 * that lose leases while it is healthy. Every message names the properties involved.
 */
final class WorkerSettingsValidator {

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
    static void validate(WorkerConfig worker) {
        SettingsViolations violations = new SettingsViolations();
        int before = violations.count();
        checkEach(violations, worker);
        if (violations.count() == before) {
            checkTimings(violations, worker);
        }
        violations.throwIfAny();
    }

    private static void checkEach(SettingsViolations violations, WorkerConfig worker) {
        violations.positive(P + "lease-timeout", worker.leaseTimeout());
        violations.positive(P + "heartbeat-interval", worker.heartbeatInterval());
        violations.positive(P + "recovery-interval", worker.recoveryInterval());
        violations.positive(P + "registry-refresh-interval", worker.registryRefreshInterval());
        violations.positive(P + "max-execution-time", worker.defaultPolicy().maxExecutionTime().orElse(null));
        violations.positive(P + "poll-interval", worker.pollInterval());
        violations.positive(P + "limits-refresh-interval", worker.limitsRefreshInterval());
        violations.positive(P + "shutdown-timeout", worker.shutdownTimeout());
        violations.notNegative(P + "recovery-batch-pause", worker.recoveryBatchPause());
        violations.notNegative(P + "prefetch-window", worker.prefetchWindow());
        violations.between(P + "slots", worker.slots(), 1, MAX_SLOTS);
        violations.atLeast(P + "recovery-batch-size", worker.recoveryBatchSize(), 1);
        violations.atLeast(P + "recovery-max-batches", worker.recoveryMaxBatches(), 1);
        violations.atLeast(P + "completion-batch-size", worker.completionBatchSize(), 1);
        if (worker.globalLimit() < 0) {
            violations.add(P + "global-limit must be 0 (no limit) or more, but is " + worker.globalLimit());
        }
        for (Map.Entry<String, Integer> limit : worker.typeLimits().entrySet()) {
            if (limit.getValue() == null || limit.getValue() < 1) {
                violations.add(P + "type-limits." + limit.getKey() + " must be at least 1, but is " + limit.getValue());
            }
        }
        checkRetry(violations, worker.defaultPolicy().retry());
    }

    /** The constraints between lease, heartbeat and recovery. */
    private static void checkTimings(SettingsViolations violations, WorkerConfig worker) {
        Duration lease = worker.leaseTimeout();
        Duration heartbeat = worker.heartbeatInterval();
        if (lease.compareTo(heartbeat.multipliedBy(MIN_HEARTBEATS_PER_LEASE)) < 0) {
            violations.add(P + "lease-timeout (" + lease + ") must be at least " + MIN_HEARTBEATS_PER_LEASE + " x " + P
                    + "heartbeat-interval (" + heartbeat + "): the watchdog stops an execution half a heartbeat "
                    + "before its lease runs out, and after one missed renewal the next is sent two heartbeats "
                    + "after the last, so a shorter lease loses its tasks to a single missed heartbeat");
        }
        Duration recovery = worker.recoveryInterval();
        if (recovery.compareTo(lease.multipliedBy(2)) > 0) {
            // a crashed worker's tasks would wait more than three lease timeouts
            violations.add(P + "recovery-interval (" + recovery + ") must be at most twice " + P
                    + "lease-timeout (" + lease + ")");
        }
    }

    private static void checkRetry(SettingsViolations violations, TaskPolicy.Retry retry) {
        violations.positive(P + "retry.initial-backoff", retry.initialBackoff());
        violations.positive(P + "retry.max-backoff", retry.maxBackoff());
        // written so that NaN fails too
        if (!(retry.multiplier() >= 1.0 && Double.isFinite(retry.multiplier()))) {
            violations.add(P + "retry.multiplier must be a finite number of at least 1.0, but is " + retry.multiplier());
        }
        if (!(retry.jitter() >= 0 && retry.jitter() < 1.0)) {
            violations.add(P + "retry.jitter must be from 0 to below 1.0, but is " + retry.jitter());
        }
    }
}
