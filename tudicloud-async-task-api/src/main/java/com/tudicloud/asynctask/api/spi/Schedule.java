package com.tudicloud.asynctask.api.spi;

import com.tudicloud.asynctask.api.TaskStatus;

import java.time.Instant;

/**
 * A stored schedule and where it stands, times on the database's clock.
 *
 * @param pausedAt       when an operator paused it; {@code null} while it runs
 * @param lastTaskStatus the status of the task its last fire (or trigger) submitted, {@code null} when
 *                       there is none or it is gone (deleted by retention)
 * @param skippedCount   fire times that submitted nothing (missed and skipped, or overlapping a running task)
 */
public record Schedule(ScheduleDefinition definition, Instant pausedAt, Instant nextFireTime, Instant lastFireTime,
                       Long lastTaskId, TaskStatus lastTaskStatus, long skippedCount, Instant lastSkippedAt,
                       Instant createTime, Instant updateTime) {

    public String name() {
        return definition.name();
    }

    public boolean paused() {
        return pausedAt != null;
    }

    /** Whether the task of the last fire is still waiting or running, so that a new one would overlap it. */
    public boolean lastTaskUnfinished() {
        return lastTaskStatus != null && !lastTaskStatus.isTerminal();
    }
}
