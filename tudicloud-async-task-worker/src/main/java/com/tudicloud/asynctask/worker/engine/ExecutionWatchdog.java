package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Stops executions from the outside, without touching the database (so a hung connection cannot
 * stall it): one that ran past max-execution-time, and one whose lease this worker could not renew
 * in time, which it stops a safety margin before the lease could expire in the database. It also
 * names handlers that ignore being interrupted.
 */
final class ExecutionWatchdog {

    private static final Logger log = LoggerFactory.getLogger(ExecutionWatchdog.class);

    private final ActiveExecutions active;
    private final long maxExecutionNanos;
    private final long safetyMarginNanos;
    private final long ignoredInterruptNanos;
    private final AsyncTaskMetrics metrics;
    private final Set<Long> reportedAsStuck = ConcurrentHashMap.newKeySet();

    ExecutionWatchdog(ActiveExecutions active, Duration maxExecutionTime, Duration safetyMargin,
                      Duration ignoredInterruptAfter, AsyncTaskMetrics metrics) {
        this.active = active;
        this.maxExecutionNanos = maxExecutionTime.toNanos();
        this.safetyMarginNanos = safetyMargin.toNanos();
        this.ignoredInterruptNanos = ignoredInterruptAfter.toNanos();
        this.metrics = metrics;
    }

    void check() {
        long now = System.nanoTime();
        for (TaskExecution execution : active.running()) {
            if (now - (execution.leaseDeadlineNanos() - safetyMarginNanos) >= 0) {
                if (!execution.isLeaseLost()) {
                    log.warn("Task {}: lease not renewed in time, stopping it before the lease expires",
                            execution.taskId());
                    execution.leaseLost();
                    metrics.stopped(execution.task().taskType(), "lease_lost");
                }
            } else if (now - execution.claimedAtNanos() >= maxExecutionNanos
                    && execution.requestStop(StopReason.TIMED_OUT)) {
                log.warn("Task {}: ran past max-execution-time {} ms, interrupting it", execution.taskId(),
                        Duration.ofNanos(maxExecutionNanos).toMillis());
                metrics.stopped(execution.task().taskType(), "timed_out");
            }
            reportIgnoredInterrupt(execution, now);
        }
        reportedAsStuck.retainAll(active.snapshot().stream().map(TaskExecution::taskId).toList());
    }

    private void reportIgnoredInterrupt(TaskExecution execution, long now) {
        long stoppedAt = execution.stopRequestedAtNanos();
        if (execution.stopReason() != null && now - stoppedAt >= ignoredInterruptNanos
                && reportedAsStuck.add(execution.taskId())) {
            log.error("Task {}: its handler ignores interruption; still running {} ms after it was stopped ({})",
                    execution.taskId(), Duration.ofNanos(now - stoppedAt).toMillis(), execution.stopReason());
            metrics.ignoredInterrupt(execution.task().taskType());
        }
    }
}
