package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.mybatis.testing.TaskRows;
import com.tudicloud.asynctask.mybatis.testing.TestDatabase;
import com.tudicloud.asynctask.worker.AsyncTaskProperties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Several worker instances, each with its own connection pool, racing for the same table. */
class WorkerFleetTest {

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    @RegisterExtension
    final TestWorkers workers = new TestWorkers(db);

    @Test
    void noTaskIsEverRunByTwoWorkersAndEveryTaskRunsOnce() {
        var handler = new RecordingHandler<>("job", Integer.class, (context, n) -> {
            Thread.sleep(ThreadLocalRandom.current().nextInt(5));
            return TaskResult.success();
        });
        List<AsyncTaskWorker> fleet = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            fleet.add(workers.start("w" + i, handler));
        }
        AsyncTaskClient client = workers.client(fleet.toArray(AsyncTaskWorker[]::new));

        List<TaskRequest> requests = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            requests.add(TaskRequest.of("job", i));
        }
        client.submitAll(requests);

        await().atMost(Duration.ofSeconds(60)).until(() -> rows.count("SUCCESS") == 600);
        assertThat(handler.overlaps).hasValue(0);
        assertThat(handler.executions).hasSize(600);
        assertThat(handler.executions.values()).allMatch(count -> count.get() == 1);
        Map<String, Object> spread = rows.jdbc().queryForMap(
                "SELECT COUNT(DISTINCT lease_owner) AS owners, MAX(attempt_count) AS attempts FROM system_async_task");
        assertThat(((Number) spread.get("owners")).intValue()).as("workers that ran tasks").isGreaterThan(1);
        assertThat(((Number) spread.get("attempts")).intValue()).isEqualTo(1);
    }

    @Test
    void globalAndPerTypeLimitsHoldWhileFourWorkersRace() throws Exception {
        var typeA = new RecordingHandler<>("a", Integer.class, (context, n) -> pause());
        var typeB = new RecordingHandler<>("b", Integer.class, (context, n) -> pause());
        Consumer<AsyncTaskProperties.Worker> limits = settings -> {
            settings.setSlots(6);
            settings.setGlobalLimit(5);
            settings.setTypeLimits(Map.of("b", 2));
        };
        List<AsyncTaskWorker> fleet = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            fleet.add(workers.start("w" + i, limits, typeA, typeB));
        }
        LeasedPeaks peaks = runFortyOfEachAndSampleLeases(fleet);

        assertThat(peaks.all()).as("running tasks seen in the table").isLessThanOrEqualTo(5);
        assertThat(peaks.typeB()).as("running tasks of type b seen in the table").isLessThanOrEqualTo(2);
        int handlersAtOnce = typeA.maxConcurrent.get() + typeB.maxConcurrent.get();
        assertThat(typeB.maxConcurrent.get()).as("type b handlers at once").isEqualTo(2);
        assertThat(handlersAtOnce).as("the race really happened").isGreaterThanOrEqualTo(4);
        assertThat(typeA.overlaps.get() + typeB.overlaps.get()).isZero();
    }

    /**
     * Limits are fleet state: one worker's settings set them, and three workers whose settings name no limit
     * obey them as well while all four race for the same tasks.
     */
    @Test
    void limitsOneWorkerSetsBindTheWorkersThatSetNone() throws Exception {
        var typeA = new RecordingHandler<>("a", Integer.class, (context, n) -> pause());
        var typeB = new RecordingHandler<>("b", Integer.class, (context, n) -> pause());
        List<AsyncTaskWorker> fleet = new ArrayList<>();
        fleet.add(workers.start("w1", settings -> {
            settings.setSlots(6);
            settings.setGlobalLimit(5);
            settings.setTypeLimits(Map.of("b", 2));
            settings.setLimitsRefreshInterval(Duration.ofMillis(100));
        }, typeA, typeB));
        // w1 writes its limits before its first claim
        await().atMost(Duration.ofSeconds(10)).until(() -> rows.jdbc().queryForObject(
                "SELECT COUNT(*) FROM system_async_task_type WHERE task_type = 'b' AND max_running = 2", Long.class) == 1);
        for (int i = 2; i <= 4; i++) {
            fleet.add(workers.start("w" + i, settings -> {
                settings.setSlots(6);
                settings.setLimitsRefreshInterval(Duration.ofMillis(100));
            }, typeA, typeB));
        }
        LeasedPeaks peaks = runFortyOfEachAndSampleLeases(fleet);

        assertThat(peaks.all()).as("leased tasks seen in the table").isLessThanOrEqualTo(5);
        assertThat(peaks.typeB()).as("leased tasks of type b seen in the table").isLessThanOrEqualTo(2);
        assertThat(rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task WHERE task_type = 'b' "
                + "AND lease_owner IN ('w2', 'w3', 'w4')", Long.class)).as("b tasks run by workers that set no limit")
                .isPositive();
        assertThat(typeA.overlaps.get() + typeB.overlaps.get()).isZero();
    }

    /**
     * Leases are computed and compared by the database alone: a client and workers whose wall clocks
     * are ten minutes apart neither lose leases nor delay or hurry work.
     */
    @Test
    void clocksTenMinutesOffChangeNothing() {
        var handler = new RecordingHandler<>("long", Integer.class, (context, n) -> {
            Thread.sleep(4_500);   // more than two lease timeouts: only renewals keep it
            return TaskResult.success();
        });
        Consumer<AsyncTaskProperties.Worker> shortLease = settings -> {
            settings.setLeaseTimeout(Duration.ofSeconds(2));
            settings.setHeartbeatInterval(Duration.ofMillis(250));
            settings.setRecoveryInterval(Duration.ofMillis(100));
        };
        AsyncTaskWorker ahead = workers.start("ahead", shortLease, handler);
        AsyncTaskWorker behind = workers.start("behind", shortLease, handler);
        AsyncTaskClient clientAhead = workers.client(Clock.offset(Clock.systemUTC(), Duration.ofMinutes(10)), ahead, behind);
        AsyncTaskClient clientBehind = workers.client(Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-10)), ahead, behind);

        long dueSoonAhead = clientAhead.submit(TaskRequest.of("long", 1)
                .withRunAt(Clock.offset(Clock.systemUTC(), Duration.ofMinutes(10)).instant().plusMillis(400))).taskId();
        long dueSoonBehind = clientBehind.submit(TaskRequest.of("long", 2)
                .withRunAt(Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-10)).instant().plusMillis(400))).taskId();
        assertThat(rows.millisUntilDue(dueSoonAhead)).isBetween(0L, 400L);
        assertThat(rows.millisUntilDue(dueSoonBehind)).isBetween(0L, 400L);
        for (int i = 0; i < 6; i++) {
            clientAhead.submit(TaskRequest.of("long", 10 + i));
        }

        await().atMost(Duration.ofSeconds(30)).until(() -> rows.count("SUCCESS") == 8);
        assertThat(handler.executions.values()).allMatch(count -> count.get() == 1);
        assertThat(handler.overlaps).hasValue(0);
    }

    /** The most leased tasks, of all types and of type b, the table showed at any one time. */
    private record LeasedPeaks(long all, long typeB) {
    }

    /** Submits 40 tasks of type a and 40 of type b, samples the leased counts until all 80 succeeded. */
    private LeasedPeaks runFortyOfEachAndSampleLeases(List<AsyncTaskWorker> fleet) throws InterruptedException {
        AsyncTaskClient client = workers.client(fleet.toArray(AsyncTaskWorker[]::new));
        AtomicLong maxLeased = new AtomicLong();
        AtomicLong maxLeasedB = new AtomicLong();
        AtomicBoolean sampling = new AtomicBoolean(true);
        Thread sampler = new Thread(() -> {
            while (sampling.get()) {
                maxLeased.accumulateAndGet(rows.countLeased(), Math::max);
                maxLeasedB.accumulateAndGet(rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task "
                        + "WHERE task_type = 'b' AND status IN ('RUNNING', 'CANCEL_REQUESTED')", Long.class), Math::max);
            }
        });
        sampler.start();

        List<TaskRequest> requests = new ArrayList<>();
        for (int i = 0; i < 80; i++) {
            requests.add(TaskRequest.of(i % 2 == 0 ? "a" : "b", i));
        }
        client.submitAll(requests);
        await().atMost(Duration.ofSeconds(60)).until(() -> rows.count("SUCCESS") == 80);
        sampling.set(false);
        sampler.join();
        return new LeasedPeaks(maxLeased.get(), maxLeasedB.get());
    }

    private static TaskResult pause() throws InterruptedException {
        Thread.sleep(10 + ThreadLocalRandom.current().nextInt(30));
        return TaskResult.success();
    }
}
