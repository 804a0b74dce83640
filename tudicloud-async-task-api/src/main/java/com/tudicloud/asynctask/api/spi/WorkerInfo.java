package com.tudicloud.asynctask.api.spi;

import java.time.Duration;
import java.time.Instant;

/**
 * A worker instance as its registry row says, instants on the database's clock.
 *
 * @param stoppedAt  when it stopped gracefully, or {@code null} while it runs (or after a crash)
 * @param observedAt the database's now when the row was read
 */
public record WorkerInfo(String workerId, String host, String taskTypes, int slots, int runningTasks,
                         Instant startedAt, Instant lastHeartbeat, Instant stoppedAt, Instant observedAt) {

    /** Running, and heard of within {@code silence}: a crashed worker stops being live once it has been silent that long. */
    public boolean isLive(Duration silence) {
        return stoppedAt == null && !lastHeartbeat.plus(silence).isBefore(observedAt);
    }
}
