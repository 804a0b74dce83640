package com.tudicloud.asynctask.worker.schedule;

import com.tudicloud.asynctask.api.spi.ScheduleStore;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.mybatis.testing.TestDatabase;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import com.tudicloud.asynctask.worker.AsyncTaskProperties;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Scheduler instances as separate workers would run them: each its own connection pool, store and loop
 * thread, and its own JVM clock. Stops them all after each test.
 */
final class SchedulerFleet implements AfterEachCallback {

    private final TestDatabase db;
    private final List<RecurringTaskScheduler> schedulers = new ArrayList<>();
    private final List<HikariDataSource> pools = new ArrayList<>();
    /** Tasks submitted per scheduler instance, as its metrics saw them. */
    final Map<String, AtomicInteger> firedBy = new ConcurrentHashMap<>();

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

    RecurringTaskScheduler start(String name, Clock clock, Duration misfireThreshold) {
        AsyncTaskProperties.Schedules settings = new AsyncTaskProperties.Schedules();
        settings.setRefreshInterval(Duration.ofMillis(100));
        settings.setBatchSize(4);
        settings.setMisfireThreshold(misfireThreshold);
        AtomicInteger fired = firedBy.computeIfAbsent(name, n -> new AtomicInteger());
        AsyncTaskMetrics counting = new AsyncTaskMetrics() {
            @Override
            public void scheduleFired(String schedule, int tasks, int missed, int misfireSkips, int overlapSkips) {
                fired.addAndGet(tasks);
            }
        };
        RecurringTaskScheduler scheduler = new RecurringTaskScheduler(store(), settings, counting, clock, new ScheduleChanges());
        schedulers.add(scheduler);
        scheduler.start();
        return scheduler;
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
