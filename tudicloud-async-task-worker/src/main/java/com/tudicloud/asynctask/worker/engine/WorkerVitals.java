package com.tudicloud.asynctask.worker.engine;

/**
 * When the worker last reached the database from each loop, on the monotonic clock. Read by the
 * health indicator; written by the loops.
 */
public final class WorkerVitals {

    private final long startedNanos = System.nanoTime();
    private volatile long lastHeartbeatNanos = startedNanos;
    private volatile long lastPollNanos = startedNanos;
    private volatile int failedHeartbeats;

    /** A snapshot for people and probes; ages in milliseconds. */
    public record Snapshot(long millisSinceHeartbeat, long millisSincePoll, int failedHeartbeatsInARow) {
    }

    void heartbeatSucceeded() {
        lastHeartbeatNanos = System.nanoTime();
        failedHeartbeats = 0;
    }

    void heartbeatFailed() {
        failedHeartbeats++;
    }

    void pollSucceeded() {
        lastPollNanos = System.nanoTime();
    }

    public Snapshot snapshot() {
        long now = System.nanoTime();
        return new Snapshot((now - lastHeartbeatNanos) / 1_000_000, (now - lastPollNanos) / 1_000_000, failedHeartbeats);
    }
}
