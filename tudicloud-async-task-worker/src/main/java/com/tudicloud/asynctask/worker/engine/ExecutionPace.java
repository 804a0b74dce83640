package com.tudicloud.asynctask.worker.engine;

import java.time.Duration;

/**
 * How long this worker's handlers have been taking lately, and from that how many claimed tasks may
 * wait for a slot: as many as the slots are expected to start within the prefetch window. Short tasks
 * are then claimed in larger batches (fewer round trips and commits per task); long ones are claimed
 * only for free slots, so that no task waits on a busy worker while another worker is idle.
 */
final class ExecutionPace {

    /** Claimed tasks waiting for a slot, at most this many per slot, however short the tasks. */
    static final int MAX_PREFETCH_PER_SLOT = 16;
    /** The weight of the newest execution time in the moving average. */
    private static final double WEIGHT = 0.05;

    private final int slots;
    private final long windowNanos;
    private final int maxPrefetch;
    private double meanNanos = Double.NaN;

    ExecutionPace(int slots, Duration prefetchWindow) {
        this.slots = slots;
        this.windowNanos = prefetchWindow.toNanos();
        this.maxPrefetch = slots * MAX_PREFETCH_PER_SLOT;
    }

    synchronized void executed(long nanos) {
        meanNanos = Double.isNaN(meanNanos) ? nanos : meanNanos + WEIGHT * (nanos - meanNanos);
    }

    /** Tasks to claim beyond the slots; none before the first execution time is known. */
    synchronized int prefetch() {
        if (windowNanos == 0 || Double.isNaN(meanNanos)) {
            return 0;
        }
        double startsInWindow = slots * (windowNanos / Math.max(meanNanos, 1.0));
        return (int) Math.min(maxPrefetch, startsInWindow);
    }
}
