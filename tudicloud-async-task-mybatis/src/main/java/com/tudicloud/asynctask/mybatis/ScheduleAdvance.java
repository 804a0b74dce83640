package com.tudicloud.asynctask.mybatis;

import java.time.Instant;

/** The guarded UPDATE that moves a claimed schedule on: what it fired and skipped, and its next fire time. */
record ScheduleAdvance(String name, Instant claimedFireTime, Instant nextFireTime, Instant lastFireTime,
                       Long lastTaskId, int skips) {
}
