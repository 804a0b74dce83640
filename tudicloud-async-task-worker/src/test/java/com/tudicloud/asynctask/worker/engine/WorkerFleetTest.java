package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.testing.ExecutionLog;
import com.tudicloud.asynctask.testing.LeaseAudit;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.tudicloud.asynctask.worker.WorkerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Several worker instances, each with its own connection pool, racing for the same table. */
class WorkerFleetTest {

    /** How long after its submit the clocks test's first tasks are due. */
    private static final Duration DUE_IN = Duration.ofSeconds(2);

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
    void globalAndPerTypeLimitsHoldWhileFourWorkersRace() {
        ExecutionLog handlers = new ExecutionLog();
        var typeA = new RecordingHandler<>("a", Integer.class, handlers, (context, n) -> pause());
        var typeB = new RecordingHandler<>("b", Integer.class, handlers, (context, n) -> pause());
        Consumer<WorkerConfig.Builder> limits = settings -> {
            settings.slots(6);
            settings.globalLimit(5);
            settings.typeLimits(Map.of("b", 2));
        };
        List<AsyncTaskWorker> fleet = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            fleet.add(workers.start("w" + i, limits, typeA, typeB));
        }
        ExecutionLog leases = runFortyOfEachUnderAudit(fleet);

        assertLimitsHeld(leases, handlers);
        assertThat(handlers.maxAtOnce(ExecutionLog.all())).as("handlers at once: the race really happened")
                .isGreaterThanOrEqualTo(4);
    }

    /**
     * Limits are fleet state: one worker's settings set them, and three workers whose settings name no limit
     * obey them as well while all four race for the same tasks.
     */
    @Test
    void limitsOneWorkerSetsBindTheWorkersThatSetNone() {
        ExecutionLog handlers = new ExecutionLog();
        var typeA = new RecordingHandler<>("a", Integer.class, handlers, (context, n) -> pause());
        var typeB = new RecordingHandler<>("b", Integer.class, handlers, (context, n) -> pause());
        List<AsyncTaskWorker> fleet = new ArrayList<>();
        fleet.add(workers.start("w1", settings -> {
            settings.slots(6);
            settings.globalLimit(5);
            settings.typeLimits(Map.of("b", 2));
            settings.limitsRefreshInterval(Duration.ofMillis(100));
        }, typeA, typeB));
        // w1 writes its limits before its first claim
        await().atMost(Duration.ofSeconds(10)).until(() -> rows.jdbc().queryForObject(
                "SELECT COUNT(*) FROM system_async_task_type WHERE task_type = 'b' AND max_running = 2", Long.class) == 1);
        for (int i = 2; i <= 4; i++) {
            fleet.add(workers.start("w" + i, settings -> {
                settings.slots(6);
                settings.limitsRefreshInterval(Duration.ofMillis(100));
            }, typeA, typeB));
        }
        ExecutionLog leases = runFortyOfEachUnderAudit(fleet);

        assertLimitsHeld(leases, handlers);
        assertThat(rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task WHERE task_type = 'b' "
                + "AND lease_owner IN ('w2', 'w3', 'w4')", Long.class)).as("b tasks run by workers that set no limit")
                .isPositive();
    }

    /**
     * The caps (5 in all, 2 of type b) at every instant: of the leases the table granted (the audit's claim
     * and end of each, on the database's clock) and of the handlers that ran (their start and finish); and
     * every task ran once, never twice at a time.
     */
    private void assertLimitsHeld(ExecutionLog leases, ExecutionLog handlers) {
        assertThat(leases.size()).as("leases granted").isEqualTo(80);
        assertThat(leases.overshoots(5, ExecutionLog.all())).as("leased tasks beyond the global limit").isEmpty();
        assertThat(leases.overshoots(2, ExecutionLog.ofType("b"))).as("leased b tasks beyond its limit").isEmpty();
        assertThat(handlers.overshoots(5, ExecutionLog.all())).as("handlers beyond the global limit").isEmpty();
        assertThat(handlers.overshoots(2, ExecutionLog.ofType("b"))).as("b handlers beyond its limit").isEmpty();
        assertThat(handlers.maxAtOnce(ExecutionLog.ofType("b"))).as("b handlers at once").isEqualTo(2);
        assertThat(handlers.notRunExactlyOnce(rows.jdbc().queryForList("SELECT id FROM system_async_task", Long.class)))
                .as("tasks not run exactly once").isEmpty();
        assertThat(handlers.overlappingRunsOfOneTask()).isEmpty();
    }

    /**
     * Leases are computed and compared by the database alone: a client and workers whose wall clocks
     * are ten minutes apart neither lose leases nor delay or hurry work: a task is due when its submit said on the
     * database's clock, and starts no sooner.
     */
    @Test
    void clocksTenMinutesOffChangeNothing() {
        var handler = new RecordingHandler<>("long", Integer.class, (context, n) -> {
            Thread.sleep(4_500);   // more than two lease timeouts: only renewals keep it
            return TaskResult.success();
        });
        Consumer<WorkerConfig.Builder> shortLease = settings -> {
            settings.leaseTimeout(Duration.ofSeconds(2));
            settings.heartbeatInterval(Duration.ofMillis(250));
            settings.recoveryInterval(Duration.ofMillis(100));
        };
        AsyncTaskWorker ahead = workers.start("ahead", shortLease, handler);
        AsyncTaskWorker behind = workers.start("behind", shortLease, handler);
        AsyncTaskClient clientAhead = workers.client(Clock.offset(Clock.systemUTC(), Duration.ofMinutes(10)), ahead, behind);
        AsyncTaskClient clientBehind = workers.client(Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-10)), ahead, behind);

        Timestamp before = databaseNow();
        long dueSoonAhead = clientAhead.submit(TaskRequest.of("long", 1)
                .withRunAt(Clock.offset(Clock.systemUTC(), Duration.ofMinutes(10)).instant().plus(DUE_IN))).taskId();
        long dueSoonBehind = clientBehind.submit(TaskRequest.of("long", 2)
                .withRunAt(Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-10)).instant().plus(DUE_IN))).taskId();
        Timestamp after = databaseNow();
        for (long id : List.of(dueSoonAhead, dueSoonBehind)) {
            // due DUE_IN after its submit on the database's clock: neither ten minutes early nor late
            assertThat(column(id, "available_at")).as("due time of task %d", id)
                    .isAfterOrEqualTo(before).isBeforeOrEqualTo(Timestamp.from(after.toInstant().plus(DUE_IN)));
        }
        for (int i = 0; i < 6; i++) {
            clientAhead.submit(TaskRequest.of("long", 10 + i));
        }

        // ten minutes late would time out here
        await().atMost(Duration.ofSeconds(30)).until(() -> rows.count("SUCCESS") == 8);
        for (long id : List.of(dueSoonAhead, dueSoonBehind)) {
            assertThat(column(id, "started_at")).as("start of task %d, not before it was due", id)
                    .isAfterOrEqualTo(column(id, "available_at"));
        }
        assertThat(handler.executions.values()).allMatch(count -> count.get() == 1);
        assertThat(handler.overlaps).hasValue(0);
    }

    private Timestamp databaseNow() {
        return rows.jdbc().queryForObject("SELECT NOW(3)", Timestamp.class);
    }

    private Timestamp column(long taskId, String column) {
        return rows.jdbc().queryForObject("SELECT " + column + " FROM system_async_task WHERE id = ?", Timestamp.class,
                taskId);
    }

    /** Submits 40 tasks of type a and 40 of type b with a trigger recording every lease change, until all 80 succeeded. */
    private ExecutionLog runFortyOfEachUnderAudit(List<AsyncTaskWorker> fleet) {
        LeaseAudit audit = new LeaseAudit(rows.jdbc());
        audit.install();
        try {
            AsyncTaskClient client = workers.client(fleet.toArray(AsyncTaskWorker[]::new));
            List<TaskRequest> requests = new ArrayList<>();
            for (int i = 0; i < 80; i++) {
                requests.add(TaskRequest.of(i % 2 == 0 ? "a" : "b", i));
            }
            client.submitAll(requests);
            await().atMost(Duration.ofSeconds(60)).until(() -> rows.count("SUCCESS") == 80);
            return audit.leases();
        } finally {
            audit.uninstall();
        }
    }

    private static TaskResult pause() throws InterruptedException {
        Thread.sleep(10 + ThreadLocalRandom.current().nextInt(30));
        return TaskResult.success();
    }
}
