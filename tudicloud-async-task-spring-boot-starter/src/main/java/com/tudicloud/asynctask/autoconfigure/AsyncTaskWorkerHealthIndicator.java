package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.worker.engine.AsyncTaskWorker;
import com.tudicloud.asynctask.worker.engine.WorkerVitals;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

import java.time.Duration;

/**
 * DOWN when the worker is not running, or when its heartbeats have failed for longer than half the
 * lease timeout: by then its leases are at risk and it stops its executions itself. A poll loop that
 * has not reached the database for as long is reported too.
 */
public class AsyncTaskWorkerHealthIndicator extends AbstractHealthIndicator {

    private final AsyncTaskWorker worker;

    public AsyncTaskWorkerHealthIndicator(AsyncTaskWorker worker) {
        super("async-task worker health check failed");
        this.worker = worker;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        WorkerVitals.Snapshot vitals = worker.vitals();
        Duration leaseTimeout = worker.config().leaseTimeout();
        long limit = leaseTimeout.dividedBy(2).toMillis();
        long pollLimit = Math.max(limit, worker.config().pollInterval().multipliedBy(3).toMillis());
        boolean heartbeatsFine = vitals.millisSinceHeartbeat() <= limit;
        boolean pollsFine = vitals.millisSincePoll() <= pollLimit;
        builder.status(worker.isRunning() && heartbeatsFine && pollsFine ? "UP" : "DOWN")
                .withDetail("workerId", worker.workerId())
                .withDetail("running", worker.isRunning())
                .withDetail("activeTasks", worker.activeTasks())
                .withDetail("freeSlots", worker.freeSlots())
                .withDetail("millisSinceHeartbeat", vitals.millisSinceHeartbeat())
                .withDetail("millisSincePoll", vitals.millisSincePoll())
                .withDetail("failedHeartbeatsInARow", vitals.failedHeartbeatsInARow())
                .withDetail("databaseReachable", heartbeatsFine && pollsFine);
    }
}
