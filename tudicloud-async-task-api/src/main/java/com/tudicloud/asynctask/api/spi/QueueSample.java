package com.tudicloud.asynctask.api.spi;

import java.time.Instant;

/**
 * The queue's load at one moment of the database's clock.
 *
 * @param due     QUEUED tasks that are due
 * @param running leased tasks: RUNNING or CANCEL_REQUESTED
 */
public record QueueSample(Instant at, long due, long running) {
}
