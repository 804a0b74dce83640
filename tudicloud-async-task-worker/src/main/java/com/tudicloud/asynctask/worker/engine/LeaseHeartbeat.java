package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.LeaseState;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import com.tudicloud.asynctask.worker.WorkerConfig;
import io.micrometer.observation.Observation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Renews every lease of this worker in one round, carrying the progress handlers reported, and
 * acts on what it learns per task: a cancel request flags and interrupts the handler; a lost lease
 * stops it, and its result will not be written.
 */
final class LeaseHeartbeat {

    private static final Logger log = LoggerFactory.getLogger(LeaseHeartbeat.class);

    private final String workerId;
    private final LeaseStore store;
    private final ActiveExecutions active;
    private final Duration lease;
    private final long leaseNanos;
    private final AsyncTaskMetrics metrics;
    private final WorkerObservations observations;

    LeaseHeartbeat(WorkerConfig config, LeaseStore store, ActiveExecutions active, AsyncTaskMetrics metrics,
                   WorkerObservations observations) {
        this.workerId = config.workerId();
        this.store = store;
        this.active = active;
        this.lease = config.leaseTimeout();
        this.leaseNanos = lease.toNanos();
        this.metrics = metrics;
        this.observations = observations;
    }

    /** @return whether the database answered (true with nothing to renew) */
    boolean beat() {
        List<TaskExecution> executions = active.snapshot();
        if (executions.isEmpty()) {
            return true;
        }
        long sentAt = System.nanoTime();
        Map<Long, LeaseState> states;
        Observation observation = observations.startBatch(WorkerObservations.RENEWAL);
        try {
            states = store.renew(workerId, executions.stream().map(TaskExecution::renewal).toList(),
                    lease);
        } catch (RuntimeException e) {
            observation.error(e);
            observation.stop();
            metrics.heartbeatFailed(executions.size());
            log.warn("Lease renewal of {} tasks failed: {}", executions.size(), e.toString());
            return false;
        }
        int held = 0;
        for (TaskExecution execution : executions) {
            LeaseState state = states.getOrDefault(execution.taskId(), LeaseState.LOST);
            held += state == LeaseState.LOST ? 0 : 1;
            apply(execution, state, sentAt);
        }
        observation.lowCardinalityKeyValue(held == executions.size() ? WorkerObservations.ALL_HELD
                : WorkerObservations.SOME_LOST).stop();
        metrics.leasesRenewed(executions.size(), held);
        return true;
    }

    private void apply(TaskExecution execution, LeaseState state, long sentAt) {
        switch (state) {
            case HELD -> execution.leaseRenewed(sentAt, leaseNanos);
            case CANCEL_REQUESTED -> {
                execution.leaseRenewed(sentAt, leaseNanos);
                if (execution.requestStop(StopReason.CANCEL_REQUESTED)) {
                    log.info("Task {}: cancel requested, interrupting its handler", execution.taskId());
                    metrics.stopped(execution.task().taskType(), "cancel_requested");
                }
            }
            case LOST -> {
                // an execution whose outcome is being written just finished: the writer's fenced write decides
                if (!execution.isCompleting()) {
                    log.warn("Task {}: lease lost, interrupting its handler", execution.taskId());
                    execution.leaseLost();
                    metrics.leaseLost(execution.task().taskType());
                    metrics.stopped(execution.task().taskType(), "lease_lost");
                }
            }
        }
    }
}
