package com.tudicloud.asynctask.api.spi;

import java.time.Instant;
import java.util.List;

/**
 * What one due schedule does in a scheduler round: a task for each of {@code fireTimes} (oldest first),
 * then its next fire time, after the database's now.
 *
 * @param missed        fire times of a schedule found behind (its next fire time older than the misfire
 *                      threshold): all of them up to now, fired, coalesced or skipped
 * @param misfireSkips  missed fire times that get no task
 * @param overlapSkips  fire times that get no task because the previous task has not finished
 */
public record FirePlan(List<Instant> fireTimes, Instant nextFireTime, int missed, int misfireSkips, int overlapSkips) {

    public FirePlan {
        fireTimes = List.copyOf(fireTimes);
    }

    public int skips() {
        return misfireSkips + overlapSkips;
    }
}
