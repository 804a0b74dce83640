package com.tudicloud.asynctask.api.spi;

import java.time.Instant;

/**
 * A worker instance as its registry row says, instants on the database's clock.
 *
 * @param stoppedAt when it stopped gracefully, or {@code null} while it runs (or after a crash)
 */
public record WorkerInfo(String workerId, String host, String taskTypes, int slots, int runningTasks,
                         Instant startedAt, Instant lastHeartbeat, Instant stoppedAt) {
}
