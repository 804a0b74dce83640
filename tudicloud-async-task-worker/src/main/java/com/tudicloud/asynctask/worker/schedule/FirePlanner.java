package com.tudicloud.asynctask.worker.schedule;

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
 * JVM's clock). Fire times up to the misfire threshold old are on time and fire each; older ones are
 * missed and follow the schedule's misfire policy. The work is bounded: missed fire times are counted up
 * to {@link #MAX_COUNTED}, beyond which the schedule jumps to its first fire time inside the threshold.
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
        Instant lateBefore = now.minus(misfireThreshold);

        int missed = 0;
        int keep = switch (definition.misfirePolicy()) {
            case FIRE_EACH -> definition.misfireBound();
            case COALESCE, SKIP -> 0;
        };
        Deque<Instant> latestMissed = new ArrayDeque<>(keep);
        Instant time = first;
        while (time.isBefore(lateBefore) && missed < MAX_COUNTED) {
            missed++;
            if (keep > 0) {
                if (latestMissed.size() == keep) {
                    latestMissed.removeFirst();
                }
                latestMissed.addLast(time);
            }
            time = recurrence.next(time);
        }
        if (time.isBefore(lateBefore)) {
            time = recurrence.next(lateBefore.minusMillis(1));
        }
        List<Instant> onTime = new ArrayList<>();
        for (; !time.isAfter(now); time = recurrence.next(time)) {
            onTime.add(time);
        }
        Instant nextFireTime = time;

        List<Instant> fires = new ArrayList<>();
        int misfireSkips = 0;
        if (missed == 0) {
            fires.addAll(onTime);
        } else {
            switch (definition.misfirePolicy()) {
                case COALESCE -> fires.add(first);
                case SKIP -> {
                    misfireSkips = missed;
                    fires.addAll(onTime);
                }
                case FIRE_EACH -> {
                    misfireSkips = missed - latestMissed.size();
                    fires.addAll(latestMissed);
                    fires.addAll(onTime);
                }
            }
        }
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
