package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import com.tudicloud.asynctask.worker.policy.TaskTypePolicies;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;

/**
 * Stops executions from the outside, without touching the database (so a hung connection cannot
 * stall it): one that ran past the max execution time of its task type, and one whose lease this worker could not renew
 * in time, which it stops a safety margin before the lease could expire in the database. A handler
 * that ignores its interrupt for longer than the grace is abandoned: its outcome is decided without
 * it and its slot freed (its thread is lost until it returns; the slot pool grows a new one).
 * Max-execution-time counts from the handler's start: a claimed task may wait for a slot first. A
 * waiting one that was stopped (its cancel requested, its lease lost) is taken out of the wait and ends
 * at once.
 */
final class ExecutionWatchdog {

    private static final Logger log = LoggerFactory.getLogger(ExecutionWatchdog.class);

    private final ActiveExecutions active;
    private final TaskTypePolicies policies;
    private final long safetyMarginNanos;
    private final long ignoredInterruptNanos;
    private final AsyncTaskMetrics metrics;
    private final TaskRunner runner;
    private final SlotDispatcher dispatcher;

    ExecutionWatchdog(ActiveExecutions active, TaskTypePolicies policies, Duration safetyMargin,
                      Duration ignoredInterruptAfter, AsyncTaskMetrics metrics, TaskRunner runner,
                      SlotDispatcher dispatcher) {
        this.active = active;
        this.policies = policies;
        this.safetyMarginNanos = safetyMargin.toNanos();
        this.ignoredInterruptNanos = ignoredInterruptAfter.toNanos();
        this.metrics = metrics;
        this.runner = runner;
        this.dispatcher = dispatcher;
    }

    void check() {
        long now = System.nanoTime();
        for (TaskExecution execution : active.running()) {
            if (now - (execution.leaseDeadlineNanos() - safetyMarginNanos) >= 0) {
                if (!execution.isLeaseLost()) {
                    log.warn("Task {}: lease not renewed in time, stopping it before the lease expires",
                            execution.taskId());
                    execution.leaseLost();
                    metrics.leaseLost(execution.task().taskType());
                    metrics.stopped(execution.task().taskType(), "lease_lost");
                }
            } else if (execution.hasStarted() && now - execution.startedAtNanos() >= maxExecutionNanos(execution)
                    && execution.requestStop(StopReason.TIMED_OUT)) {
                log.warn("Task {}: ran past max-execution-time {} ms, interrupting it", execution.taskId(),
                        Duration.ofNanos(maxExecutionNanos(execution)).toMillis());
                metrics.stopped(execution.task().taskType(), "timed_out");
            }
            if (!execution.hasStarted() && execution.stopReason() != null && dispatcher.withdraw(execution)) {
                runner.run(execution);   // stopped while waiting for a slot: ends now, its handler never runs
            } else if (execution.hasStarted() && execution.stopReason() != null
                    && now - execution.stopRequestedAtNanos() >= ignoredInterruptNanos && runner.abandon(execution)) {
                dispatcher.slotFreed();
            }
        }
    }

    private long maxExecutionNanos(TaskExecution execution) {
        return policies.forType(execution.task().taskType()).maxExecutionTime().orElseThrow().toNanos();
    }
}
