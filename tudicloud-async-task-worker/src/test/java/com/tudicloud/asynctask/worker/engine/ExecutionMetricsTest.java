package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.CancelOutcome;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TimeoutAction;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.tudicloud.asynctask.worker.metrics.FleetGauges;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The meters say what happened, not what was meant: counted once the database has answered. */
class ExecutionMetricsTest {

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    @RegisterExtension
    final TestWorkers workers = new TestWorkers(db);

    /** A success whose write the database refuses (another claim took the task) counts as refused. */
    @Test
    void aRefusedWriteIsNotCountedAsASuccess() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        var handler = new RecordingHandler<>("late", Object.class, (context, payload) -> {
            release.await(20, TimeUnit.SECONDS);
            return TaskResult.success();
        });
        // no heartbeat before the write: it is the database that must refuse it, not the worker that drops it
        AsyncTaskWorker worker = workers.start("w1", settings -> {
            settings.leaseTimeout(Duration.ofSeconds(30));
            settings.heartbeatInterval(Duration.ofSeconds(10));
        }, handler);
        AsyncTaskClient client = workers.client(worker);
        long id = client.submit(TaskRequest.of("late", null)).taskId();
        await().atMost(Duration.ofSeconds(10)).until(() -> handler.executionsOf(id) == 1);

        rows.jdbc().update("UPDATE system_async_task SET lease_token = lease_token + 1 WHERE id = ?", id);
        release.countDown();

        await().atMost(Duration.ofSeconds(10)).until(() -> worker.rejectedWrites() == 1 && worker.activeTasks() == 0);
        assertThat(executions("late", "refused")).isEqualTo(1);
        assertThat(executions("late", "succeeded")).isZero();
    }

    /** An execution abandoned for ignoring its interrupt counts, with the outcome written for it. */
    @Test
    void anAbandonedExecutionIsCounted() {
        AtomicBoolean stop = new AtomicBoolean();
        var stubborn = new RecordingHandler<>("stubborn", Object.class, (context, payload) -> {
            while (!stop.get()) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException ignored) {
                    // the misbehaviour under test
                }
            }
            return TaskResult.success();
        });
        AsyncTaskWorker worker = workers.start("w1", settings -> {
            settings.maxExecutionTime(Duration.ofMillis(300));
            settings.timeoutAction(TimeoutAction.FAIL);
        }, stubborn);
        AsyncTaskClient client = workers.client(worker);
        try {
            long id = client.submit(TaskRequest.of("stubborn", null)).taskId();
            await().atMost(Duration.ofSeconds(20)).until(() -> client.get(id).orElseThrow().status() == TaskStatus.FAILED);

            await().atMost(Duration.ofSeconds(5)).until(() -> executions("stubborn", "failed") == 1);
        } finally {
            stop.set(true);
        }
    }

    /**
     * A task cancelled while it waited for a slot never runs its handler, yet its execution ends and
     * counts; and the gauges tell running handlers from tasks held.
     */
    @Test
    void aSkippedExecutionIsCountedAndTheGaugesTellRunningFromHeld() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        var quick = RecordingHandler.succeeding("quick");
        var hold = new RecordingHandler<>("hold", Object.class, (context, payload) -> {
            release.await(20, TimeUnit.SECONDS);
            return TaskResult.success();
        });
        AsyncTaskWorker worker = workers.start("w1", settings -> settings.slots(2), quick, hold);
        AsyncTaskClient client = workers.client(worker);
        try {
            // short executions first, so that the worker claims ahead of its slots
            client.submitAll(IntStream.range(0, 50).mapToObj(i -> TaskRequest.of("quick", i)).toList());
            await().atMost(Duration.ofSeconds(30)).until(() -> rows.count("SUCCESS") == 50);
            List<Long> held = client.submitAll(IntStream.range(0, 6).mapToObj(i -> TaskRequest.of("hold", i)).toList())
                    .stream().map(task -> task.taskId()).toList();
            await().atMost(Duration.ofSeconds(10)).until(() -> rows.countLeased() == 6 && hold.totalExecutions() == 2);

            assertThat(gauge("async.task.worker.running")).isEqualTo(2);
            assertThat(gauge("async.task.worker.leases")).isEqualTo(6);
            assertThat(gauge("async.task.worker.free.slots")).isZero();

            long waiting = held.stream().filter(id -> hold.executionsOf(id) == 0).findFirst().orElseThrow();
            assertThat(client.cancel(waiting)).isEqualTo(CancelOutcome.CANCEL_REQUESTED);
            await().atMost(Duration.ofSeconds(10)).until(() -> rows.status(waiting).equals("CANCELLED"));
            await().atMost(Duration.ofSeconds(5)).until(() -> executions("hold", "cancelled") == 1);
        } finally {
            release.countDown();
        }
    }

    /** A type whose queue empties reads 0, not "no data"; so does a type handled here that was never queued. */
    @Test
    void theQueueGaugesOfATypeWithNothingQueuedReadZero() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        MyBatisStores stores = MyBatisStores.create(db.dataSource());
        FleetGauges gauges = new FleetGauges(stores.adminStore(), stores.workerRegistry(), registry,
                Duration.ofSeconds(1), Duration.ofSeconds(1), Set.of("report"));
        AsyncTaskClient client = workers.client();
        long id = client.submit(TaskRequest.of("mail", null)).taskId();
        gauges.runRound();
        assertThat(registry.get("async.task.queued").tag("type", "mail").gauge().value()).isEqualTo(1);
        assertThat(registry.get("async.task.queued").tag("type", "report").gauge().value()).isZero();

        client.cancel(id);
        gauges.runRound();

        assertThat(registry.get("async.task.queued").tag("type", "mail").gauge().value()).isZero();
        assertThat(registry.get("async.task.queue.due").tag("type", "mail").gauge().value()).isZero();
        assertThat(registry.get("async.task.queue.oldest.due.age").tag("type", "mail").gauge().value()).isZero();
    }

    private double executions(String type, String outcome) {
        Timer timer = workers.meters.find("async.task.execution").tags("type", type, "outcome", outcome).timer();
        return timer == null ? 0 : timer.count();
    }

    private double gauge(String name) {
        return workers.meters.get(name).gauge().value();
    }
}
