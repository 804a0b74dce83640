package com.tudicloud.asynctask.mybatis;

import java.time.Instant;

/**
 * The guarded UPDATE that moves a claimed schedule on: what it fired and skipped, and its next fire time.
 * Times as {@link DatetimeText}.
 */
record ScheduleAdvance(String name, String claimedFireTime, String nextFireTime, String lastFireTime,
                       Long lastTaskId, int skips) {

    ScheduleAdvance(String name, Instant claimedFireTime, Instant nextFireTime, Instant lastFireTime, Long lastTaskId,
                    int skips) {
        this(name, DatetimeText.of(claimedFireTime), DatetimeText.of(nextFireTime), DatetimeText.of(lastFireTime),
                lastTaskId, skips);
    }
}
