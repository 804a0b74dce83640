package com.tudicloud.asynctask.worker.schedule;

import com.tudicloud.asynctask.api.MisfirePolicy;
import com.tudicloud.asynctask.api.OverlapPolicy;
import com.tudicloud.asynctask.api.spi.Schedule;
import com.tudicloud.asynctask.api.spi.ScheduleDefinition;
import com.tudicloud.asynctask.api.spi.ScheduleStore;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import com.tudicloud.asynctask.worker.ScheduleConfig;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Schedulers of several worker instances (threads with their own pools) on the real database: each fire
 * time fires exactly once, whoever races, dies mid-transaction, was stopped, or runs a wrong clock.
 */
class ScheduleFleetTest {

    private static final String[] ZONES = {"UTC", "Asia/Shanghai", "America/New_York", "Europe/Berlin"};

    private final TestDatabase db = TestDatabase.get();
    private final JdbcTemplate jdbc = new JdbcTemplate(db.dataSource());
    @RegisterExtension
    final SchedulerFleet fleet = new SchedulerFleet(db);

    @BeforeEach
    void emptyTables() {
        db.deleteAllTasks();
        jdbc.update("DELETE FROM system_async_task_schedule");
    }

    private static ScheduleDefinition cron(String name, String cron, String zone) {
        return new ScheduleDefinition(name, cron, null, zone, "report", "{\"n\":1}", 0, 3, null,
                MisfirePolicy.COALESCE, 1, OverlapPolicy.ALLOW);
    }

    private static ScheduleDefinition everyMinute(String name, MisfirePolicy policy, int bound) {
        return new ScheduleDefinition(name, null, Duration.ofMinutes(1), "UTC", "report", null, 0, 3, null, policy,
                bound, OverlapPolicy.ALLOW);
    }

    /** The fire times of the tasks a schedule submitted, one entry per task (so a duplicate shows twice). */
    private List<Instant> firedTimes(String name) {
        String prefix = "schedule:" + name + "@";
        return jdbc.queryForList("SELECT dedup_key FROM system_async_task WHERE dedup_key LIKE ?", String.class,
                prefix + "%").stream().map(key -> Instant.parse(key.substring(prefix.length()))).sorted().toList();
    }

    @Test
    void fourSchedulersRacingFireEveryFireTimeExactlyOnce() {
        ScheduleStore store = fleet.store();
        List<ScheduleDefinition> definitions = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            // every second, in zones with and without daylight saving, and a fixed interval of one second
            definitions.add(i % 3 == 2
                    ? new ScheduleDefinition("race-" + i, null, Duration.ofSeconds(1), ZONES[i % 4], "report", null, 0,
                    3, null, MisfirePolicy.COALESCE, 1, OverlapPolicy.ALLOW)
                    : cron("race-" + i, i % 3 == 0 ? "* * * * * *" : "*/2 * * * * *", ZONES[i % 4]));
        }
        ScheduleOperations operations = new ScheduleOperations(store, new ScheduleChanges());
        definitions.forEach(d -> assertThat(operations.create(d, false)).isTrue());
        Map<String, Instant> firstFire = new HashMap<>();
        store.findAll().forEach(s -> firstFire.put(s.name(), s.nextFireTime()));

        for (int i = 1; i <= 4; i++) {
            fleet.start("scheduler-" + i, Duration.ofMinutes(1));
        }
        // seven fires of every schedule, however long a loaded machine takes for them
        await().atMost(Duration.ofMinutes(3)).until(() -> definitions.stream()
                .allMatch(d -> firedTimes(d.name()).size() >= 7));
        fleet.stopAll();

        int fireTimes = 0;
        int tasks = 0;
        int lost = 0;
        for (ScheduleDefinition definition : definitions) {
            Schedule schedule = store.find(definition.name()).orElseThrow();
            Recurrence recurrence = Recurrence.of(definition, firstFire.get(definition.name()));
            TreeSet<Instant> expected = new TreeSet<>();
            for (Instant t = firstFire.get(definition.name()); !t.isAfter(schedule.lastFireTime()); t = recurrence.next(t)) {
                expected.add(t);
            }
            List<Instant> fired = firedTimes(definition.name());
            fireTimes += expected.size();
            tasks += fired.size();
            lost += expected.stream().filter(t -> !fired.contains(t)).count();
            assertThat(new TreeSet<>(fired)).as("fire times of %s", definition.name()).isEqualTo(expected);
            assertThat(schedule.nextFireTime()).as("next fire of %s", definition.name())
                    .isEqualTo(recurrence.next(schedule.lastFireTime()));
        }
        // what the schedulers fired, counted as they fired it: a fire time fired twice counts twice here,
        // although the unique key leaves one task for it in the table
        int fired = fleet.firedBy().values().stream().mapToInt(Integer::intValue).sum();
        System.out.printf("SCHEDULES workers=4 schedules=%d fire_times=%d tasks=%d fired=%d lost=%d by_worker=%s%n",
                definitions.size(), fireTimes, tasks, fired, lost, fleet.firedBy());
        assertThat(lost).isZero();
        assertThat(tasks).isEqualTo(fireTimes);
        assertThat(fleet.firesOtherThanTasks(jdbc)).as("schedules fired more (or less) often than they have tasks")
                .isEmpty();
        assertThat(fired).as("fire times fired by the schedulers").isEqualTo(tasks);
        assertThat(fleet.firedBy().values().stream().filter(n -> n > 0).count())
                .as("schedulers that fired something: %s", fleet.firedBy()).isGreaterThan(1);
    }

    /**
     * The check above catches a double fire: a scheduler whose store fires every schedule's previous fire time
     * again in each round. The unique key keeps one task per fire time, so the table alone cannot show it; the
     * schedulers' own record of what they fired does.
     */
    @Test
    void aFireTimeFiredTwiceShowsInTheFireCountThoughTheTableKeepsOneTask() {
        ScheduleStore store = fleet.store();
        store.create(cron("refired", "* * * * * *", "UTC"), false, store.databaseNow().plusSeconds(1)
                .truncatedTo(java.time.temporal.ChronoUnit.SECONDS));

        fleet.start("refiring", Duration.ofMinutes(1), FiringEachFireTimeTwice::new);
        await().atMost(Duration.ofSeconds(60)).until(() -> firedTimes("refired").size() >= 3);
        fleet.stopAll();

        List<Instant> tasks = firedTimes("refired");
        Map<String, String> differing = fleet.firesOtherThanTasks(jdbc);
        System.out.println("SCHEDULES injected double fire: " + differing);
        assertThat(tasks).as("one task per fire time, the second insert refused").doesNotHaveDuplicates();
        assertThat(differing).containsOnlyKeys("refired");
        assertThat(fleet.firedBy().get("refiring")).isGreaterThan(tasks.size());
    }

    @Test
    void aSchedulerKilledBetweenClaimAndCommitLeavesTheFireToAnother() throws Exception {
        ScheduleStore dying = fleet.store();
        JdbcTemplate dyingConnection = new JdbcTemplate(fleet.lastPool());
        Instant due = dying.databaseNow().minusSeconds(2).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        assertThat(dying.create(everyMinute("killed", MisfirePolicy.COALESCE, 1), false, due)).isTrue();

        AtomicReference<Long> connectionId = new AtomicReference<>();
        CountDownLatch claimed = new CountDownLatch(1);
        CountDownLatch killed = new CountDownLatch(1);
        AtomicReference<Throwable> dyingOutcome = new AtomicReference<>();
        Thread victim = new Thread(() -> {
            try {
                dying.fireDue(10, d -> {
                    // inside the claim transaction, the row locked: the connection this transaction runs on
                    connectionId.set(dyingConnection.queryForObject("SELECT CONNECTION_ID()", Long.class));
                    claimed.countDown();
                    try {
                        killed.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return new FirePlanner(Duration.ofMinutes(1)).apply(d);
                });
            } catch (Throwable e) {
                dyingOutcome.set(e);
            }
        });
        victim.start();
        assertThat(claimed.await(30, TimeUnit.SECONDS)).isTrue();

        fleet.start("survivor", Duration.ofMinutes(1));
        Thread.sleep(1000); // the survivor polls ten times meanwhile, and skips the locked row every time
        assertThat(firedTimes("killed")).as("fired while the claim was held").isEmpty();

        jdbc.execute("KILL " + connectionId.get());
        killed.countDown();
        victim.join(30_000);

        await().atMost(Duration.ofSeconds(30)).until(() -> firedTimes("killed").size() == 1);
        assertThat(dyingOutcome.get()).as("the killed transaction failed").isNotNull();
        Thread.sleep(500);
        assertThat(firedTimes("killed")).containsExactly(due);
        assertThat(fleet.firedBy().get("survivor")).isEqualTo(1);
        assertThat(dying.find("killed").orElseThrow().nextFireTime()).isEqualTo(due.plus(Duration.ofMinutes(1)));
    }

    @Test
    void aFleetRestartedAfterMissedFiresFollowsEachMisfirePolicy() {
        ScheduleStore store = fleet.store();
        // ten fire times more than the one-minute threshold ago, and one inside it
        Instant anchor = store.databaseNow().minus(Duration.ofSeconds(10 * 60 + 30)).truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        store.create(everyMinute("coalesce", MisfirePolicy.COALESCE, 1), false, anchor);
        store.create(everyMinute("skip", MisfirePolicy.SKIP, 1), false, anchor);
        store.create(everyMinute("fire-each", MisfirePolicy.FIRE_EACH, 3), false, anchor);

        fleet.start("restarted-1", Duration.ofMinutes(1));
        fleet.start("restarted-2", Duration.ofMinutes(1));
        await().atMost(Duration.ofSeconds(30)).until(() -> store.findAll().stream()
                .allMatch(s -> s.nextFireTime().equals(anchor.plus(Duration.ofMinutes(11)))));

        // behind by ten and a half minutes: the eleven fire times up to now, the one inside the threshold too, are missed
        assertThat(firedTimes("coalesce")).as("one task for the missed period").containsExactly(anchor);
        assertThat(firedTimes("skip")).as("no task for a missed fire time").isEmpty();
        assertThat(firedTimes("fire-each")).as("the latest three missed").containsExactly(
                anchor.plus(Duration.ofMinutes(8)), anchor.plus(Duration.ofMinutes(9)), anchor.plus(Duration.ofMinutes(10)));
        assertThat(store.find("coalesce").orElseThrow().skippedCount()).isZero();
        assertThat(store.find("skip").orElseThrow().skippedCount()).isEqualTo(11);
        assertThat(store.find("fire-each").orElseThrow().skippedCount()).isEqualTo(8);
        assertThat(store.find("skip").orElseThrow().lastSkippedAt()).isNotNull();
    }

    /**
     * The fleet stopped for longer than the misfire threshold, then started again: the restart fires no more
     * than each policy allows for the outage (COALESCE one task, SKIP none, FIRE_EACH its bound), the fire
     * times inside the threshold included, and every schedule then goes on on time. Every fire time before
     * the stop has its task.
     */
    @Test
    void aFleetStoppedPastTheMisfireThresholdRestartsWithinEachPolicysBound() {
        Duration threshold = Duration.ofSeconds(5);
        ScheduleStore store = fleet.store();
        Instant first = store.databaseNow().plusSeconds(1).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        Map<String, Integer> allowed = Map.of("outage-coalesce", 1, "outage-skip", 0, "outage-fire-each", 2);
        store.create(everySecond("outage-coalesce", MisfirePolicy.COALESCE, 1), false, first);
        store.create(everySecond("outage-skip", MisfirePolicy.SKIP, 1), false, first);
        store.create(everySecond("outage-fire-each", MisfirePolicy.FIRE_EACH, 2), false, first);

        fleet.start("before-1", threshold);
        fleet.start("before-2", threshold);
        await().atMost(Duration.ofSeconds(60)).until(() -> allowed.keySet().stream().allMatch(n -> firedTimes(n).size() >= 3));
        fleet.stopAll();
        Map<String, Instant> lastBeforeStop = new HashMap<>();
        allowed.keySet().forEach(name -> lastBeforeStop.put(name, store.find(name).orElseThrow().lastFireTime()));
        Instant latest = lastBeforeStop.values().stream().max(Instant::compareTo).orElseThrow();
        // down until every schedule's next fire time is older than the threshold, by the database's clock
        Instant behind = latest.plusSeconds(1).plus(threshold).plusSeconds(2);
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                .until(() -> store.databaseNow().isAfter(behind));

        fleet.start("after-1", threshold);
        fleet.start("after-2", threshold);
        await().atMost(Duration.ofSeconds(60)).until(() -> allowed.keySet().stream().allMatch(name ->
                firesAfterRestart(name).stream().filter(fire -> fire.missed() == 0).count() >= 2));
        fleet.stopAll();

        for (Map.Entry<String, Integer> policy : allowed.entrySet()) {
            String name = policy.getKey();
            Instant lastBefore = lastBeforeStop.get(name);
            List<Instant> fired = firedTimes(name);
            List<Instant> expectedBefore = new ArrayList<>();
            for (Instant t = first; !t.isAfter(lastBefore); t = t.plusSeconds(1)) {
                expectedBefore.add(t);
            }
            assertThat(fired.stream().filter(t -> !t.isAfter(lastBefore)).toList()).as("%s before the stop", name)
                    .isEqualTo(expectedBefore);

            List<SchedulerFleet.Fire> catchUp = firesAfterRestart(name).stream().filter(fire -> fire.missed() > 0).toList();
            assertThat(catchUp).as("fires of %s that found missed fire times", name).hasSize(1);
            assertThat(catchUp.get(0).fireTimes()).as("tasks %s fired for the outage", name).isEqualTo(policy.getValue());
            assertThat(catchUp.get(0).missed()).as("fire times %s missed", name)
                    .isGreaterThan((int) threshold.toSeconds());
            List<Instant> afterStop = fired.stream().filter(t -> t.isAfter(lastBefore)).toList();
            assertThat(afterStop).as("tasks of %s after the stop: one per fire time fired", name)
                    .hasSize(firesAfterRestart(name).stream().mapToInt(SchedulerFleet.Fire::fireTimes).sum());
            // coalesced fire times are not skips; the rest of the missed ones are
            int skipped = name.equals("outage-coalesce") ? 0 : catchUp.get(0).missed() - policy.getValue();
            assertThat(store.find(name).orElseThrow().skippedCount()).as("fire times %s skipped", name).isEqualTo(skipped);
        }
        assertThat(firedTimes("outage-coalesce").stream().filter(t -> t.isAfter(lastBeforeStop.get("outage-coalesce"))))
                .as("the coalesced task, under the first missed fire time")
                .startsWith(lastBeforeStop.get("outage-coalesce").plusSeconds(1));
        assertThat(fleet.firesOtherThanTasks(jdbc)).isEmpty();
    }

    private List<SchedulerFleet.Fire> firesAfterRestart(String schedule) {
        return fleet.fires.stream().filter(fire -> fire.scheduler().startsWith("after-") && fire.schedule().equals(schedule))
                .toList();
    }

    private static ScheduleDefinition everySecond(String name, MisfirePolicy policy, int bound) {
        return new ScheduleDefinition(name, null, Duration.ofSeconds(1), "UTC", "report", null, 0, 3, null, policy,
                bound, OverlapPolicy.ALLOW);
    }

    @Test
    void aPausedScheduleDoesNotFireAndResumesWithoutABacklog() {
        ScheduleStore store = fleet.store();
        ScheduleOperations operations = new ScheduleOperations(store, new ScheduleChanges());
        Instant longAgo = store.databaseNow().minus(Duration.ofMinutes(30));
        store.create(everyMinute("paused", MisfirePolicy.FIRE_EACH, 100), true, longAgo);
        store.create(cron("control", "* * * * * *", "UTC"), false, store.databaseNow());

        fleet.start("s1", Duration.ofMinutes(1));
        fleet.start("s2", Duration.ofMinutes(1));
        await().atMost(Duration.ofSeconds(30)).until(() -> firedTimes("control").size() >= 3);

        assertThat(firedTimes("paused")).isEmpty();
        assertThat(operations.resume("paused")).isTrue();
        Schedule resumed = store.find("paused").orElseThrow();
        assertThat(resumed.nextFireTime()).as("next fire after the database's now, not the old backlog")
                .isAfter(store.databaseNow().minusSeconds(1));
        assertThat(firedTimes("paused")).isEmpty();
    }

    @Test
    void aScheduleCreatedInThisJvmWakesItsSchedulerWithinTheRefreshInterval() throws InterruptedException {
        ScheduleStore store = fleet.store();
        ScheduleChanges changes = new ScheduleChanges();
        ScheduleConfig settings = ScheduleConfig.DEFAULTS;
        assertThat(settings.refreshInterval()).isEqualTo(Duration.ofMinutes(1));
        RecurringTaskScheduler scheduler = new RecurringTaskScheduler(store, settings, AsyncTaskMetrics.NONE, changes);
        scheduler.start();
        try {
            Thread.sleep(1000); // it found no schedule and sleeps the refresh interval
            assertThat(new ScheduleOperations(store, changes).create(cron("woken", "* * * * * *", "UTC"), false)).isTrue();
            // without the wake-up the first fire would wait for the next poll, a minute after the first
            await().atMost(Duration.ofSeconds(30)).until(() -> !firedTimes("woken").isEmpty());
        } finally {
            scheduler.stop();
        }
    }
}
