package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.MisfirePolicy;
import com.tudicloud.asynctask.api.OverlapPolicy;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.ScheduleDefinition;
import com.tudicloud.asynctask.api.spi.ScheduleStore;
import com.tudicloud.asynctask.api.spi.WorkerRegistry;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import com.tudicloud.asynctask.worker.ScheduleConfig;
import com.tudicloud.asynctask.worker.WorkerConfig;
import com.tudicloud.asynctask.client.ClientMetrics;
import com.tudicloud.asynctask.client.DefaultAsyncTaskClient;
import com.tudicloud.asynctask.worker.schedule.RecurringTaskScheduler;
import com.tudicloud.asynctask.worker.schedule.ScheduleChanges;
import com.tudicloud.asynctask.worker.schedule.ScheduleOperations;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What an idle worker sends, as the server counts it: the {@code Questions} of the worker's one
 * connection (recommended pool settings) over a window, against the looks at the queue its poller
 * took meanwhile (a probe, or a registry refresh that carries one). Every loop runs: heartbeat, registry
 * refresh, fleet limits, recovery, and the scheduler of recurring tasks with one schedule due next year, at
 * the defaults' proportions to the poll interval but ten times shorter, so that a few seconds hold several
 * rounds of each. An idle worker must send its looks, one statement each, at most one per poll interval,
 * the scheduler's polls, one statement each, at most one per refresh interval, and nothing else. Counts, not timings: a slow machine
 * makes fewer looks, never more statements per look.
 */
class IdleCostTest {

    private static final String TYPE = "idle.job";
    private static final Duration POLL = Duration.ofMillis(100);
    private static final Duration REGISTRY = Duration.ofSeconds(2);
    private static final Duration SETTLE = Duration.ofMillis(1500);
    private static final Duration WINDOW = Duration.ofMillis(6500);
    /** The scheduler's refresh interval at a tenth of its default, 6 s. */
    private static final Duration REFRESH = ScheduleConfig.DEFAULTS.refreshInterval().dividedBy(10);

    private final TestDatabase db = TestDatabase.get();
    private HikariDataSource pool;
    private AsyncTaskWorker worker;
    private RecurringTaskScheduler scheduler;

    @AfterEach
    void stop() {
        if (scheduler != null) {
            scheduler.stop();
        }
        if (worker != null) {
            worker.stop();
        }
        if (pool != null) {
            pool.close();
        }
    }

    @Test
    void anIdleWorkerSendsOneStatementPerPollIntervalAtMost() throws Exception {
        db.deleteAllTasks();
        new JdbcTemplate(db.dataSource()).update("DELETE FROM system_async_task_schedule");
        pool = db.newDataSource(1, config -> {
            config.setJdbcUrl(TestDatabase.withOptions(config.getJdbcUrl(), "useLocalSessionState=true"));
            config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        });
        MyBatisStores stores = MyBatisStores.create(pool);
        AtomicInteger looks = new AtomicInteger();
        AtomicInteger registryRides = new AtomicInteger();
        LeaseStore store = counting(LeaseStore.class, stores.leaseStore(), "probe", looks, null);
        WorkerRegistry registry = counting(WorkerRegistry.class, stores.workerRegistry(), "heartbeatUnlessDue",
                looks, registryRides);
        var handler = new RecordingHandler<>(TYPE, Object.class, (context, payload) -> TaskResult.success());
        worker = AsyncTaskWorker.builder(store, registry, stores.fleetSettings()).config(tenTimesFasterDefaults())
                .handlers(List.of(handler)).codec(TestWorkers.CODEC).build();
        worker.start();
        AtomicInteger schedulerPolls = new AtomicInteger();
        ScheduleStore schedules = counting(ScheduleStore.class, stores.scheduleStore(), "nextFire", schedulerPolls, null);
        ScheduleChanges changes = new ScheduleChanges();
        new ScheduleOperations(schedules, changes).create(new ScheduleDefinition("new-year", "0 0 0 1 1 *", null, "UTC",
                TYPE, null, 0, 1, null, MisfirePolicy.COALESCE, 1, OverlapPolicy.ALLOW), false);
        ScheduleConfig scheduling = new ScheduleConfig(REFRESH, ScheduleConfig.DEFAULTS.batchSize(),
                ScheduleConfig.DEFAULTS.misfireThreshold());
        scheduler = new RecurringTaskScheduler(schedules, scheduling, AsyncTaskMetrics.NONE, changes);
        scheduler.start();
        Thread.sleep(SETTLE.toMillis());

        long questionsBefore = questions();
        int looksBefore = looks.get();
        int pollsBefore = schedulerPolls.get();
        Thread.sleep(WINDOW.toMillis());
        long statements = questions() - questionsBefore - 1;   // the second SHOW counts itself
        int looked = looks.get() - looksBefore;
        int polled = schedulerPolls.get() - pollsBefore;
        System.out.printf("IDLE window=%d ms statements=%d looks=%d scheduler polls=%d registry rides=%d%n",
                WINDOW.toMillis(), statements, looked, polled, registryRides.get());

        assertThat(looked).as("looks at the queue in the window").isPositive()
                .isLessThanOrEqualTo((int) (WINDOW.toMillis() / POLL.toMillis()) + 2);
        // the scheduler sleeps towards next year's fire time, waking once per refresh interval
        assertThat(polled).as("scheduler polls in the window").isLessThanOrEqualTo((int) (WINDOW.toMillis() / REFRESH.toMillis()) + 1);
        // a look or poll that began before the window may send its statement in it
        assertThat(statements).as("statements sent in the window, %d looks, %d scheduler polls", looked, polled)
                .isLessThanOrEqualTo(looked + polled + 2L);
        assertThat(registryRides.get()).as("registry refreshes made by looks").isPositive();
        assertThat(stores.workerRegistry().seenWithin(REGISTRY.multipliedBy(2)))
                .as("the registry row is kept fresh").anyMatch(info -> info.workerId().equals("idle-1"));

        // a task submitted where no worker hears of it is found by the next look
        AsyncTaskClient elsewhere = new DefaultAsyncTaskClient(MyBatisStores.create(db.dataSource()).taskStore(),
                TestWorkers.CODEC, Clock.systemUTC(), types -> { }, ClientMetrics.NONE);
        long id = elsewhere.submit(TaskRequest.of(TYPE, null)).taskId();
        await().atMost(Duration.ofSeconds(20)).until(() -> elsewhere.get(id).orElseThrow().status() == TaskStatus.SUCCESS);
        assertThat(handler.executionsOf(id)).isEqualTo(1);
    }

    /** The defaults' proportions at a tenth: poll 100 ms, heartbeat 1 s, registry 2 s, limits 1 s, recovery 3 s. */
    private static WorkerConfig tenTimesFasterDefaults() {
        WorkerConfig defaults = WorkerConfig.builder().build();
        WorkerConfig settings = WorkerConfig.builder().workerId("idle-1")
                .pollInterval(defaults.pollInterval().dividedBy(10))
                .heartbeatInterval(defaults.heartbeatInterval().dividedBy(10))
                .leaseTimeout(defaults.leaseTimeout().dividedBy(10))
                .registryRefreshInterval(defaults.registryRefreshInterval().dividedBy(10))
                .limitsRefreshInterval(defaults.limitsRefreshInterval().dividedBy(10))
                .recoveryInterval(defaults.recoveryInterval().dividedBy(10))
                .shutdownTimeout(Duration.ofSeconds(2)).build();
        assertThat(settings.pollInterval()).isEqualTo(POLL);
        assertThat(settings.registryRefreshInterval()).isEqualTo(REGISTRY);
        return settings;
    }

    /** Counts calls of one method as they begin, so that a look is counted no later than its statement. */
    @SuppressWarnings("unchecked")
    private static <T> T counting(Class<T> type, T target, String method, AtomicInteger calls, AtomicInteger also) {
        return (T) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, m, args) -> {
            if (m.getName().equals(method)) {
                calls.incrementAndGet();
                if (also != null) {
                    also.incrementAndGet();
                }
            }
            try {
                return m.invoke(target, args);
            } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
            }
        });
    }

    private long questions() {
        return Long.parseLong(new JdbcTemplate(pool)
                .queryForObject("SHOW SESSION STATUS LIKE 'Questions'", (rs, n) -> rs.getString(2)));
    }
}
