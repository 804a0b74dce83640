package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.WorkerRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * Keeps this worker's row in the registry, so operators see the fleet: written at start, refreshed
 * every registry-refresh-interval, marked at stop. The registry is for people; a failure here is logged and
 * never affects leases.
 * <p>
 * While the poller is idle, a refresh is handed to it: it sends the refresh instead of its next look at the
 * queue, as one statement that refreshes the row only if no due task waits ({@link #refreshUnlessDue}), so an
 * idle worker sends one statement per poll interval and nothing besides. A handed-over refresh that did not
 * happen (work was due, or the row was gone) is made here at the next round.
 */
final class WorkerRegistration {

    private static final Logger log = LoggerFactory.getLogger(WorkerRegistration.class);
    /** Rows of workers not heard of for this long are forgotten when a worker starts. */
    private static final Duration FORGET_AFTER = Duration.ofDays(1);

    private final WorkerRegistry registry;
    private final String workerId;
    private final String host;
    private final String taskTypeList;
    private final int slots;
    private final long overdueNanos;
    private final LongSupplier nanoTime;
    private final AtomicBoolean handedOver = new AtomicBoolean();
    private volatile long refreshedAt;

    /** @param refreshInterval how often the row is refreshed; one and a half of them without one and this round makes it */
    WorkerRegistration(WorkerRegistry registry, String workerId, String host, Set<String> taskTypes, int slots,
                       Duration refreshInterval, LongSupplier nanoTime) {
        this.registry = registry;
        this.workerId = workerId;
        this.host = host;
        this.taskTypeList = String.join(",", taskTypes);
        this.slots = slots;
        this.overdueNanos = refreshInterval.toNanos() + refreshInterval.toNanos() / 2;
        this.nanoTime = nanoTime;
        this.refreshedAt = nanoTime.getAsLong();
    }

    void started() {
        try {
            registry.purgeOlderThan(FORGET_AFTER);
            registry.register(workerId, host, taskTypeList, slots);
            refreshedAt = nanoTime.getAsLong();
        } catch (RuntimeException e) {
            log.warn("Could not register worker {}; the next registry refresh will try again: {}", workerId, e.toString());
        }
    }

    /** One round of the registry's schedule: hands the refresh to an idle poller, else refreshes the row now. */
    void refreshRound(int runningTasks, boolean pollerIdle) {
        boolean overdue = nanoTime.getAsLong() - refreshedAt >= overdueNanos;
        if (pollerIdle && !overdue) {
            handedOver.set(true);
            return;
        }
        handedOver.set(false);
        alive(runningTasks);
    }

    /**
     * Called by the idle poller in place of its look at the queue: makes the refresh handed to it, if any.
     *
     * @param taskTypes the types the poller would claim
     * @return true when the row was refreshed and no due task waits; false when no refresh was handed over,
     * or work was due, or the refresh failed: the poller then looks as usual
     */
    boolean refreshUnlessDue(int runningTasks, Set<String> taskTypes) {
        if (!handedOver.getAndSet(false)) {
            return false;
        }
        try {
            boolean refreshed = registry.heartbeatUnlessDue(workerId, runningTasks, taskTypes);
            if (refreshed) {
                refreshedAt = nanoTime.getAsLong();
            }
            return refreshed;
        } catch (RuntimeException e) {
            log.debug("Could not refresh the registry row of worker {}: {}", workerId, e.toString());
            return false;
        }
    }

    private void alive(int runningTasks) {
        try {
            registry.heartbeat(workerId, host, taskTypeList, slots, runningTasks);
            refreshedAt = nanoTime.getAsLong();
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
