package com.tudicloud.asynctask.worker.schedule;

import com.tudicloud.asynctask.api.MisfirePolicy;
import com.tudicloud.asynctask.api.OverlapPolicy;
import com.tudicloud.asynctask.api.spi.DueSchedule;
import com.tudicloud.asynctask.api.spi.FirePlan;
import com.tudicloud.asynctask.api.spi.Schedule;
import com.tudicloud.asynctask.api.spi.ScheduleDefinition;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Function;

/**
 * Decides what a due schedule fires, from its next fire time and the database's now alone (never the
 * JVM's clock). A schedule whose next fire time is at most the misfire threshold old is on time: each of its
 * fire times up to now fires. One whose next fire time is older is behind (the fleet was down, or every
 * scheduler stopped): all its fire times up to now are missed, and its misfire policy bounds what they fire,
 * so that a restart never bursts more than the policy allows. The work is bounded: missed fire times are
 * counted up to {@link #MAX_COUNTED}, beyond which the schedule jumps to its first fire time after now.
 */
public final class FirePlanner implements Function<DueSchedule, FirePlan> {

    static final int MAX_COUNTED = 100_000;

    private final Duration misfireThreshold;

    public FirePlanner(Duration misfireThreshold) {
        this.misfireThreshold = misfireThreshold;
    }

    @Override
    public FirePlan apply(DueSchedule due) {
        Schedule schedule = due.schedule();
        ScheduleDefinition definition = schedule.definition();
        Instant now = due.databaseNow();
        Instant first = schedule.nextFireTime();
        Recurrence recurrence = Recurrence.of(definition, first);

        List<Instant> fires = new ArrayList<>();
        int missed = 0;
        int misfireSkips = 0;
        Instant time = first;
        if (!first.isBefore(now.minus(misfireThreshold))) {
            for (; !time.isAfter(now); time = recurrence.next(time)) {
                fires.add(time);
            }
        } else {
            int keep = definition.misfirePolicy() == MisfirePolicy.FIRE_EACH ? definition.misfireBound() : 0;
            Deque<Instant> latestMissed = new ArrayDeque<>(keep);
            for (; !time.isAfter(now) && missed < MAX_COUNTED; time = recurrence.next(time)) {
                missed++;
                if (keep > 0) {
                    if (latestMissed.size() == keep) {
                        latestMissed.removeFirst();
                    }
                    latestMissed.addLast(time);
                }
            }
            if (!time.isAfter(now)) {
                time = recurrence.next(now);
            }
            switch (definition.misfirePolicy()) {
                case COALESCE -> fires.add(first);
                case SKIP -> misfireSkips = missed;
                case FIRE_EACH -> {
                    fires.addAll(latestMissed);
                    misfireSkips = missed - latestMissed.size();
                }
            }
        }
        Instant nextFireTime = time;

        int overlapSkips = 0;
        if (definition.overlapPolicy() == OverlapPolicy.SKIP && !fires.isEmpty()) {
            // one task at a time: none while the last one runs, and never several at once
            int keepFires = schedule.lastTaskUnfinished() ? 0 : 1;
            overlapSkips = fires.size() - keepFires;
            fires = fires.subList(fires.size() - keepFires, fires.size());
        }
        return new FirePlan(fires, nextFireTime, missed, misfireSkips, overlapSkips);
    }
}
