package com.tudicloud.asynctask.api.spi;

import com.tudicloud.asynctask.api.TaskStatus;

import java.time.Instant;
import java.util.List;

/**
 * Tasks that ended, per minute of the database's clock and terminal status.
 *
 * @param databaseNow the database's clock when it counted; the minutes end with the one that holds it
 * @param counts      one entry per minute and status that had any (minutes without tasks are left out)
 */
public record FinishedPerMinute(Instant databaseNow, List<Count> counts) {

    public FinishedPerMinute {
        counts = List.copyOf(counts);
    }

    /** @param minute the start of the minute */
    public record Count(Instant minute, TaskStatus status, long tasks) {
    }
}
