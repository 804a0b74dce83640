package com.tudicloud.asynctask.worker.schedule;

import com.tudicloud.asynctask.api.spi.ScheduleStore;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import com.tudicloud.asynctask.worker.ScheduleConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.UnaryOperator;

/**
 * Scheduler instances as separate workers would run them: each its own connection pool, store and loop
 * thread, and its own JVM clock. Stops them all after each test. Every fire a scheduler makes is appended to
 * {@link #fires}, with the fire times it fired whether their tasks were inserted or found: the unique key of
 * the task table swallows a second task for one fire time, this record does not.
 */
final class SchedulerFleet implements AfterEachCallback {

    private final TestDatabase db;
    private final List<RecurringTaskScheduler> schedulers = new ArrayList<>();
    private final List<HikariDataSource> pools = new ArrayList<>();
    /** One fire of one schedule by one scheduler: the fire times it fired, and how many it found missed. */
    record Fire(String scheduler, String schedule, int fireTimes, int missed) {
    }

    /** Every fire of every scheduler, as its metrics saw it; never deduplicated. */
    final Queue<Fire> fires = new ConcurrentLinkedQueue<>();

    SchedulerFleet(TestDatabase db) {
        this.db = db;
    }

    /** A store on a pool of its own, as another worker instance would have. */
    ScheduleStore store() {
        HikariDataSource pool = db.newDataSource(3);
        pools.add(pool);
        return MyBatisStores.create(pool).scheduleStore();
    }

    HikariDataSource lastPool() {
        return pools.get(pools.size() - 1);
    }

    RecurringTaskScheduler start(String name, Duration misfireThreshold) {
        return start(name, misfireThreshold, UnaryOperator.identity());
    }

    /** @param storeAround wraps the scheduler's store, e.g. to make it fire a fire time twice */
    RecurringTaskScheduler start(String name, Duration misfireThreshold, UnaryOperator<ScheduleStore> storeAround) {
        ScheduleConfig settings = new ScheduleConfig(Duration.ofMillis(100), 4, misfireThreshold);
        AsyncTaskMetrics recording = new AsyncTaskMetrics() {
            @Override
            public void scheduleFired(String schedule, int tasks, int missed, int misfireSkips, int overlapSkips) {
                fires.add(new Fire(name, schedule, tasks, missed));
            }
        };
        RecurringTaskScheduler scheduler = new RecurringTaskScheduler(storeAround.apply(store()), settings, recording,
                new ScheduleChanges());
        schedulers.add(scheduler);
        scheduler.start();
        return scheduler;
    }

    /** Fire times fired per scheduler. */
    Map<String, Integer> firedBy() {
        Map<String, Integer> by = new TreeMap<>();
        fires.forEach(fire -> by.merge(fire.scheduler(), fire.fireTimes(), Integer::sum));
        return by;
    }

    /**
     * The schedules whose fire times fired differ in number from their tasks in the table, with both
     * numbers: a fire time fired twice shows here although the table holds one task for it.
     */
    Map<String, String> firesOtherThanTasks(JdbcTemplate jdbc) {
        Map<String, Integer> fired = new TreeMap<>();
        fires.forEach(fire -> fired.merge(fire.schedule(), fire.fireTimes(), Integer::sum));
        Map<String, String> differing = new TreeMap<>();
        fired.forEach((schedule, count) -> {
            long tasks = jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE dedup_key LIKE ?",
                    Long.class, "schedule:" + schedule + "@%");
            if (tasks != count) {
                differing.put(schedule, "fired " + count + ", tasks " + tasks);
            }
        });
        return differing;
    }

    void stopAll() {
        schedulers.forEach(RecurringTaskScheduler::stop);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        stopAll();
        schedulers.clear();
        pools.forEach(HikariDataSource::close);
        pools.clear();
    }
}
