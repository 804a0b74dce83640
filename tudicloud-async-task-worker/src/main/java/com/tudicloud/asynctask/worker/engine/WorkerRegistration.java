package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.WorkerRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Set;

/**
 * Keeps this worker's row in the registry, so operators see the fleet: written at start, refreshed
 * every registry-refresh-interval, marked at stop. The registry is for people; a failure here is logged and
 * never affects leases.
 */
final class WorkerRegistration {

    private static final Logger log = LoggerFactory.getLogger(WorkerRegistration.class);
    /** Rows of workers not heard of for this long are forgotten when a worker starts. */
    private static final Duration FORGET_AFTER = Duration.ofDays(1);

    private final WorkerRegistry registry;
    private final String workerId;
    private final String host;
    private final String taskTypes;
    private final int slots;

    WorkerRegistration(WorkerRegistry registry, String workerId, String host, Set<String> taskTypes, int slots) {
        this.registry = registry;
        this.workerId = workerId;
        this.host = host;
        this.taskTypes = String.join(",", taskTypes);
        this.slots = slots;
    }

    void started() {
        try {
            registry.purgeOlderThan(FORGET_AFTER);
            registry.register(workerId, host, taskTypes, slots);
        } catch (RuntimeException e) {
            log.warn("Could not register worker {}; the next registry refresh will try again: {}", workerId, e.toString());
        }
    }

    void alive(int runningTasks) {
        try {
            registry.heartbeat(workerId, host, taskTypes, slots, runningTasks);
        } catch (RuntimeException e) {
            log.debug("Could not refresh the registry row of worker {}: {}", workerId, e.toString());
        }
    }

    void stopped() {
        try {
            registry.stopped(workerId);
        } catch (RuntimeException e) {
            log.warn("Could not mark worker {} stopped in the registry: {}", workerId, e.toString());
        }
    }
}
