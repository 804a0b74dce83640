package com.tudicloud.asynctask.worker.schedule;

import com.tudicloud.asynctask.api.MisfirePolicy;
import com.tudicloud.asynctask.api.OverlapPolicy;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.DueSchedule;
import com.tudicloud.asynctask.api.spi.FirePlan;
import com.tudicloud.asynctask.api.spi.Schedule;
import com.tudicloud.asynctask.api.spi.ScheduleDefinition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a due schedule fires, worked out from its next fire time and the database's now: time zones with
 * and without daylight saving, each misfire policy, overlap, and bounded work for a very long outage.
 */
class FirePlannerTest {

    /** Fires within the hour before now are on time; older ones are missed. */
    private final FirePlanner eachOnTime = new FirePlanner(Duration.ofHours(1));

    private static ScheduleDefinition cron(String cron, String zone, MisfirePolicy policy, int bound, OverlapPolicy overlap) {
        return new ScheduleDefinition("s", cron, null, zone, "t", null, 0, 1, null, policy, bound, overlap);
    }

    private static DueSchedule due(ScheduleDefinition definition, String nextFire, String now, TaskStatus lastTask) {
        Schedule schedule = new Schedule(definition, null, Instant.parse(nextFire), null, lastTask == null ? null : 1L,
                lastTask, 0, null, null, null);
        return new DueSchedule(schedule, Instant.parse(now));
    }

    private static DueSchedule due(ScheduleDefinition definition, String nextFire, String now) {
        return due(definition, nextFire, now, null);
    }

    private static List<LocalTime> local(List<Instant> times, String zone) {
        return times.stream().map(t -> t.atZone(ZoneId.of(zone)).toLocalTime()).toList();
    }

    @Test
    void anHourlyCronInNewYorkFiresTwiceInTheRepeatedHourOfFallBack() {
        // 2026-11-01: 02:00 EDT becomes 01:00 EST; the hours from midnight to 04:00 local, as instants
        FirePlan plan = eachOnTime.apply(due(cron("0 0 * * * *", "America/New_York", MisfirePolicy.FIRE_EACH, 100,
                OverlapPolicy.ALLOW), "2026-11-01T04:00:00Z", "2026-11-01T09:00:00Z"));

        assertThat(plan.fireTimes()).extracting(Instant::toString).containsExactly("2026-11-01T04:00:00Z",
                "2026-11-01T05:00:00Z", "2026-11-01T06:00:00Z", "2026-11-01T07:00:00Z", "2026-11-01T08:00:00Z",
                "2026-11-01T09:00:00Z");
        assertThat(local(plan.fireTimes(), "America/New_York")).extracting(LocalTime::getHour)
                .containsExactly(0, 1, 1, 2, 3, 4);
        assertThat(plan.nextFireTime()).isEqualTo(Instant.parse("2026-11-01T10:00:00Z"));
    }

    @Test
    void anHourlyCronInNewYorkHasNoTwoOClockOnSpringForward() {
        // 2026-03-08: 02:00 EST becomes 03:00 EDT
        FirePlan plan = eachOnTime.apply(due(cron("0 0 * * * *", "America/New_York", MisfirePolicy.FIRE_EACH, 100,
                OverlapPolicy.ALLOW), "2026-03-08T05:00:00Z", "2026-03-08T08:00:00Z"));

        assertThat(local(plan.fireTimes(), "America/New_York")).extracting(LocalTime::getHour).containsExactly(0, 1, 3, 4);
        assertThat(Duration.between(plan.fireTimes().get(1), plan.fireTimes().get(2))).isEqualTo(Duration.ofHours(1));
    }

    @ParameterizedTest(name = "{0} in {1}, due {2}: next {3}")
    @CsvSource({
            // spring forward: 02:30 does not exist on 2026-03-08 in New York, the library skips that day
            "0 30 2 * * *, America/New_York, 2026-03-07T07:30:00Z, 2026-03-09T06:30:00Z",
            // fall back: 01:30 happens twice on 2026-11-01 in New York, the library fires at both
            "0 30 1 * * *, America/New_York, 2026-10-31T05:30:00Z, 2026-11-01T05:30:00Z",
            "0 30 1 * * *, America/New_York, 2026-11-01T05:30:00Z, 2026-11-01T06:30:00Z",
            "0 30 1 * * *, America/New_York, 2026-11-01T06:30:00Z, 2026-11-02T06:30:00Z",
            // Berlin at midnight: 23:00 UTC in winter, 22:00 UTC from the spring-forward day on
            "@daily, Europe/Berlin, 2026-03-28T23:00:00Z, 2026-03-29T22:00:00Z",
            // Shanghai has no daylight saving: 02:30 is 18:30 UTC the day before, every day of the year
            "0 30 2 * * *, Asia/Shanghai, 2026-03-07T18:30:00Z, 2026-03-08T18:30:00Z",
            "0 30 2 * * *, Asia/Shanghai, 2026-10-31T18:30:00Z, 2026-11-01T18:30:00Z",
            "@hourly, UTC, 2026-12-31T23:00:00Z, 2027-01-01T00:00:00Z"})
    void theNextFireTimeComesFromTheCronLibraryInTheSchedulesZone(String cron, String zone, String fire, String next) {
        FirePlan plan = eachOnTime.apply(due(cron(cron, zone, MisfirePolicy.COALESCE, 1, OverlapPolicy.ALLOW), fire, fire));

        assertThat(plan.fireTimes()).containsExactly(Instant.parse(fire));
        assertThat(plan.nextFireTime()).isEqualTo(Instant.parse(next));
    }

    @Test
    void eachMisfirePolicyAfterADayDown() {
        FirePlanner planner = new FirePlanner(Duration.ofMinutes(1));
        String first = "2026-06-01T00:00:00Z";
        String now = "2026-06-02T00:00:30Z"; // behind by a day: 25 hourly fire times up to now, midnight's included

        FirePlan coalesce = planner.apply(due(cron("@hourly", "UTC", MisfirePolicy.COALESCE, 1, OverlapPolicy.ALLOW), first, now));
        FirePlan skip = planner.apply(due(cron("@hourly", "UTC", MisfirePolicy.SKIP, 1, OverlapPolicy.ALLOW), first, now));
        FirePlan each = planner.apply(due(cron("@hourly", "UTC", MisfirePolicy.FIRE_EACH, 5, OverlapPolicy.ALLOW), first, now));

        assertThat(coalesce.fireTimes()).containsExactly(Instant.parse(first));
        assertThat(coalesce.missed()).isEqualTo(25);
        assertThat(coalesce.skips()).isZero();
        assertThat(skip.fireTimes()).isEmpty();
        assertThat(skip.misfireSkips()).isEqualTo(25);
        assertThat(each.fireTimes()).extracting(Instant::toString).containsExactly("2026-06-01T20:00:00Z",
                "2026-06-01T21:00:00Z", "2026-06-01T22:00:00Z", "2026-06-01T23:00:00Z", "2026-06-02T00:00:00Z");
        assertThat(each.misfireSkips()).isEqualTo(20);
        List.of(coalesce, skip, each).forEach(plan ->
                assertThat(plan.nextFireTime()).isEqualTo(Instant.parse("2026-06-02T01:00:00Z")));
    }

    /**
     * Behind by more than the threshold, a schedule's fire times inside the threshold are part of the missed
     * period: every two seconds, the fleet down for 93 s, a threshold of a minute. The policy bounds the burst.
     */
    @Test
    void aRestartAfterAnOutageFiresNoMoreThanThePolicyAllows() {
        FirePlanner planner = new FirePlanner(Duration.ofMinutes(1));
        String first = "2026-06-01T00:00:02Z";
        String now = "2026-06-01T00:01:33Z";   // 46 fire times up to now, 16 of them older than the threshold

        FirePlan coalesce = planner.apply(due(cron("*/2 * * * * *", "UTC", MisfirePolicy.COALESCE, 1, OverlapPolicy.ALLOW), first, now));
        FirePlan skip = planner.apply(due(cron("*/2 * * * * *", "UTC", MisfirePolicy.SKIP, 1, OverlapPolicy.ALLOW), first, now));
        FirePlan each = planner.apply(due(cron("*/2 * * * * *", "UTC", MisfirePolicy.FIRE_EACH, 3, OverlapPolicy.ALLOW), first, now));

        assertThat(coalesce.fireTimes()).containsExactly(Instant.parse(first));
        assertThat(skip.fireTimes()).isEmpty();
        assertThat(each.fireTimes()).extracting(Instant::toString)
                .containsExactly("2026-06-01T00:01:28Z", "2026-06-01T00:01:30Z", "2026-06-01T00:01:32Z");
        List.of(coalesce, skip, each).forEach(plan -> {
            assertThat(plan.missed()).isEqualTo(46);
            assertThat(plan.nextFireTime()).isEqualTo(Instant.parse("2026-06-01T00:01:34Z"));
        });
        assertThat(skip.misfireSkips()).isEqualTo(46);
        assertThat(each.misfireSkips()).isEqualTo(43);
    }

    @Test
    void aScheduleLateByLessThanTheThresholdFiresEachFireTime() {
        FirePlan plan = new FirePlanner(Duration.ofMinutes(1)).apply(due(cron("* * * * * *", "UTC", MisfirePolicy.SKIP, 1,
                OverlapPolicy.ALLOW), "2026-06-01T00:00:00Z", "2026-06-01T00:00:59.500Z"));

        assertThat(plan.fireTimes()).hasSize(60);
        assertThat(plan.missed()).isZero();
        assertThat(plan.nextFireTime()).isEqualTo(Instant.parse("2026-06-01T00:01:00Z"));
    }

    @Test
    void aYearOfEverySecondMissedIsCountedUpToItsBoundAndDoesNotStall() {
        FirePlan plan = new FirePlanner(Duration.ZERO).apply(due(cron("* * * * * *", "UTC", MisfirePolicy.FIRE_EACH,
                1000, OverlapPolicy.ALLOW), "2025-06-01T00:00:00Z", "2026-06-01T00:00:00.500Z"));

        assertThat(plan.missed()).isEqualTo(FirePlanner.MAX_COUNTED);
        assertThat(plan.fireTimes()).hasSize(1000);
        assertThat(plan.nextFireTime()).isEqualTo(Instant.parse("2026-06-01T00:00:01Z"));
    }

    @Test
    void aScheduleThatMustNotOverlapSkipsWhileItsLastTaskRunsAndNeverFiresTwoAtOnce() {
        ScheduleDefinition noOverlap = cron("* * * * * *", "UTC", MisfirePolicy.COALESCE, 1, OverlapPolicy.SKIP);

        FirePlan whileRunning = eachOnTime.apply(due(noOverlap, "2026-06-01T00:00:00Z", "2026-06-01T00:00:00Z",
                TaskStatus.RUNNING));
        FirePlan afterSuccess = eachOnTime.apply(due(noOverlap, "2026-06-01T00:00:00Z", "2026-06-01T00:00:03Z",
                TaskStatus.SUCCESS));

        assertThat(whileRunning.fireTimes()).isEmpty();
        assertThat(whileRunning.overlapSkips()).isEqualTo(1);
        assertThat(afterSuccess.fireTimes()).containsExactly(Instant.parse("2026-06-01T00:00:03Z"));
        assertThat(afterSuccess.overlapSkips()).isEqualTo(3);
    }

    @Test
    void aFixedIntervalCountsFromItsAnchor() {
        ScheduleDefinition every90s = new ScheduleDefinition("s", null, Duration.ofSeconds(90), "UTC", "t", null, 0, 1,
                null, MisfirePolicy.COALESCE, 1, OverlapPolicy.ALLOW);

        FirePlan plan = eachOnTime.apply(due(every90s, "2026-06-01T00:00:00.250Z", "2026-06-01T00:03:00Z"));

        assertThat(plan.fireTimes()).extracting(Instant::toString)
                .containsExactly("2026-06-01T00:00:00.250Z", "2026-06-01T00:01:30.250Z");
        assertThat(plan.nextFireTime()).isEqualTo(Instant.parse("2026-06-01T00:03:00.250Z"));
    }

    @Test
    void badCronExpressionsAndZonesAreNamed() {
        assertThatThrownBy(() -> ScheduleValidation.validate(cron("0 0 25 * * *", "UTC", MisfirePolicy.COALESCE, 1,
                OverlapPolicy.ALLOW), Instant.now())).hasMessageContaining("cronExpression: invalid cron expression '0 0 25 * * *'");
        assertThatThrownBy(() -> ScheduleValidation.validate(cron("@daily", "Mars/Olympus", MisfirePolicy.COALESCE, 1,
                OverlapPolicy.ALLOW), Instant.now())).hasMessageContaining("timeZone: unknown time zone: Mars/Olympus");
        assertThatThrownBy(() -> ScheduleValidation.validate(cron("0 0 0 30 2 *", "UTC", MisfirePolicy.COALESCE, 1,
                OverlapPolicy.ALLOW), Instant.now())).hasMessageContaining("never fires");
        assertThatThrownBy(() -> ScheduleValidation.validate(cron("@daily", "UTC", MisfirePolicy.FIRE_EACH, 0,
                OverlapPolicy.ALLOW), Instant.now())).hasMessageContaining("misfireBound");
    }
}
