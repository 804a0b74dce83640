package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.CancelOutcome;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TaskView;
import com.tudicloud.asynctask.api.TimeoutAction;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** One worker at a time, on the real database: what happens to a task in each way an execution can end. */
class AsyncTaskWorkerTest {

    record Order(String orderId, int lines) {
    }

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    @RegisterExtension
    final TestWorkers workers = new TestWorkers(db);

    @Test
    void runsATaskWithItsTypedPayloadAndRecordsTheArtifact() {
        var handler = new RecordingHandler<>("export", Order.class,
                (context, order) -> TaskResult.success("file-" + order.orderId() + "-" + order.lines()));
        AsyncTaskWorker worker = workers.start("w1", handler);
        AsyncTaskClient client = workers.client(worker);

        long id = client.submit(TaskRequest.of("export", new Order("o-7", 3)).withOwnerId("alice")).taskId();

        TaskView done = awaitStatus(client, id, TaskStatus.SUCCESS);
        assertThat(done.artifactId()).isEqualTo("file-o-7-3");
        assertThat(done.attemptCount()).isEqualTo(1);
        assertThat(done.leaseOwner()).isEqualTo("w1");
        assertThat(done.progress()).isEqualTo(100);
        var context = handler.contexts.get(id);
        assertThat(context.ownerId()).isEqualTo("alice");
        assertThat(context.attempt()).isEqualTo(1);
        assertThat(context.idempotencyKey()).isEqualTo("export:" + id);
    }

    @Test
    void retriesWithBackoffUntilTheAttemptsRunOutThenFails() {
        var handler = new RecordingHandler<>("flaky", Object.class, (context, payload) -> {
            throw new IllegalStateException("downstream unavailable");
        });
        AsyncTaskWorker worker = workers.start("w1", handler);
        AsyncTaskClient client = workers.client(worker);

        long id = client.submit(TaskRequest.of("flaky", null).withMaxAttempts(3)).taskId();

        TaskView failed = awaitStatus(client, id, TaskStatus.FAILED);
        assertThat(handler.executionsOf(id)).isEqualTo(3);
        assertThat(failed.attemptCount()).isEqualTo(3);
        assertThat(failed.lastError()).contains("IllegalStateException: downstream unavailable");
        await().until(() -> executions("flaky", "failed") == 1);
        assertThat(executions("flaky", "retry")).isEqualTo(2);
    }

    @Test
    void aFailureResultEndsTheTaskWithoutRetryAndARetryResultRunsItAgain() {
        var handler = new RecordingHandler<>("judge", String.class, (context, verdict) -> switch (verdict) {
            case "fail" -> TaskResult.fail("bad input");
            default -> context.attempt() == 1 ? TaskResult.retryAfter(Duration.ofMillis(10), "not yet")
                    : TaskResult.success();
        });
        AsyncTaskWorker worker = workers.start("w1", handler);
        AsyncTaskClient client = workers.client(worker);

        long failing = client.submit(TaskRequest.of("judge", "fail").withMaxAttempts(5)).taskId();
        long retried = client.submit(TaskRequest.of("judge", "retry").withMaxAttempts(5)).taskId();

        assertThat(awaitStatus(client, failing, TaskStatus.FAILED).lastError()).isEqualTo("bad input");
        assertThat(handler.executionsOf(failing)).isEqualTo(1);
        assertThat(awaitStatus(client, retried, TaskStatus.SUCCESS).attemptCount()).isEqualTo(2);
    }

    @Test
    void aMalformedPayloadFailsAtOnce() {
        var handler = new RecordingHandler<>("export", Order.class, (context, order) -> TaskResult.success());
        AsyncTaskWorker worker = workers.start("w1", handler);
        AsyncTaskClient client = workers.client(worker);

        long id = client.submit(TaskRequest.of("export", Map.of("lines", "many")).withMaxAttempts(5)).taskId();

        TaskView failed = awaitStatus(client, id, TaskStatus.FAILED);
        assertThat(failed.attemptCount()).isEqualTo(1);
        assertThat(failed.lastError()).contains("payload does not fit Order");
        assertThat(handler.totalExecutions()).isZero();
    }

    @Test
    void cancellingARunningTaskInterruptsItsHandlerAndEndsItCancelled() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean sawCancellation = new AtomicBoolean();
        var handler = new RecordingHandler<>("long", Object.class, (context, payload) -> {
            started.countDown();
            try {
                Thread.sleep(60_000);
                return TaskResult.success();
            } catch (InterruptedException e) {
                sawCancellation.set(context.isCancellationRequested());
                throw e;
            }
        });
        AsyncTaskWorker worker = workers.start("w1", handler);
        AsyncTaskClient client = workers.client(worker);
        long id = client.submit(TaskRequest.of("long", null)).taskId();
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

        assertThat(client.cancel(id)).isEqualTo(CancelOutcome.CANCEL_REQUESTED);

        awaitStatus(client, id, TaskStatus.CANCELLED);
        assertThat(sawCancellation).isTrue();
        assertThat(handler.executionsOf(id)).isEqualTo(1);
    }

    @Test
    void aCancelledQueuedTaskNeverRuns() {
        var handler = RecordingHandler.succeeding("mail");
        AsyncTaskWorker worker = workers.start("w1", handler);
        AsyncTaskClient client = workers.client(worker);
        long id = client.submit(TaskRequest.of("mail", null).withDelay(Duration.ofMillis(700))).taskId();

        assertThat(client.cancel(id)).isEqualTo(CancelOutcome.CANCELLED);

        long control = client.submit(TaskRequest.of("mail", null).withDelay(Duration.ofMillis(700))).taskId();
        awaitStatus(client, control, TaskStatus.SUCCESS);
        assertThat(handler.executionsOf(id)).isZero();
        assertThat(rows.status(id)).isEqualTo("CANCELLED");
    }

    @Test
    void aTaskThatRunsPastMaxExecutionTimeIsInterruptedAndFailed() {
        var handler = new RecordingHandler<>("stuck", Object.class, (context, payload) -> {
            Thread.sleep(60_000);
            return TaskResult.success();
        });
        AsyncTaskWorker worker = workers.start("w1", settings -> {
            settings.maxExecutionTime(Duration.ofMillis(500));
            settings.timeoutAction(TimeoutAction.FAIL);
        }, handler);
        AsyncTaskClient client = workers.client(worker);

        long id = client.submit(TaskRequest.of("stuck", null).withMaxAttempts(3)).taskId();

        TaskView failed = awaitStatus(client, id, TaskStatus.FAILED);
        assertThat(failed.lastError()).contains("timed out after max-execution-time");
        assertThat(handler.executionsOf(id)).isEqualTo(1);
        assertThat(workers.meters.get("async.task.stopped").tags("type", "stuck", "reason", "timed_out").counter().count())
                .isEqualTo(1);
    }

    @Test
    void aLostLeaseInterruptsTheHandlerAndItsLateResultIsNeverWritten() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch stolen = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        var handler = new RecordingHandler<>("slow", Object.class, (context, payload) -> {
            started.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
            stolen.await(10, TimeUnit.SECONDS);
            return TaskResult.success("late");   // a misbehaving handler that reports success anyway
        });
        // one slot, taken by the slow task: the worker cannot win the requeued task back from the thief
        AsyncTaskWorker worker = workers.start("w1", settings -> settings.slots(1), handler);
        AsyncTaskClient client = workers.client(worker);
        long id = client.submit(TaskRequest.of("slow", null)).taskId();
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

        // the lease expires behind the worker's back and another holder claims the task
        var thief = MyBatisStores.create(db.dataSource()).leaseStore();
        rows.expireLease(id);
        // the thief's recovery or the worker's own (every 500 ms), whichever comes first, requeues it
        assertThat(thief.recoverExpiredLeases("test-recoverer", 10).requeued() == 1 || "QUEUED".equals(rows.status(id)))
                .as("requeued after its lease expired").isTrue();
        assertThat(thief.claim(new ClaimRequest("thief", Set.of("slow"), 1, Duration.ofMillis(60_000), ConcurrencyLimits.NONE)))
                .hasSize(1);
        stolen.countDown();

        await().atMost(Duration.ofSeconds(10)).until(() -> worker.activeTasks() == 0);
        assertThat(interrupted).isTrue();
        assertThat(workers.meters.get("async.task.lease.lost").tag("type", "slow").counter().count()).isEqualTo(1);
        await().until(() -> executions("slow", "lost") == 1);
        TaskView view = client.get(id).orElseThrow();
        assertThat(view.status()).isEqualTo(TaskStatus.RUNNING);
        assertThat(view.leaseOwner()).isEqualTo("thief");
        assertThat(view.artifactId()).isNull();
    }

    @Test
    void progressReachesTheDatabaseWithTheNextHeartbeat() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        var handler = new RecordingHandler<>("report", Object.class, (context, payload) -> {
            context.reportProgress(42, "rows 420 of 1000");
            release.await(20, TimeUnit.SECONDS);
            return TaskResult.success();
        });
        AsyncTaskWorker worker = workers.start("w1", handler);
        AsyncTaskClient client = workers.client(worker);
        long id = client.submit(TaskRequest.of("report", null)).taskId();

        await().atMost(Duration.ofSeconds(10)).until(() -> {
            Integer progress = client.get(id).orElseThrow().progress();
            return progress != null && progress == 42;
        });
        assertThat(client.get(id).orElseThrow().progressMessage()).isEqualTo("rows 420 of 1000");
        // the round is counted once its statement has returned, a moment after the database has the progress
        await().atMost(Duration.ofSeconds(10))
                .until(() -> workers.meters.get("async.task.lease.renewal.success").counter().count() > 0);
        release.countDown();
        awaitStatus(client, id, TaskStatus.SUCCESS);
    }

    /** A task shorter than a heartbeat shows the progress it reported last, and its outcome no older one. */
    @Test
    void theLastProgressIsWrittenWithTheOutcome() {
        var handler = new RecordingHandler<>("report", Object.class, (context, payload) -> {
            context.reportProgress(34, "line 34 of 75");
            context.reportProgress(75, "line 75 of 75");
            return TaskResult.success();
        });
        var failing = new RecordingHandler<>("import", Object.class, (context, payload) -> {
            context.reportProgress(40, "stopped at row 40");
            return TaskResult.fail("row 41 is bad");
        });
        AsyncTaskWorker worker = workers.start("w1", settings -> {
            settings.leaseTimeout(Duration.ofSeconds(30));
            settings.heartbeatInterval(Duration.ofSeconds(10));
        }, handler, failing);
        AsyncTaskClient client = workers.client(worker);
        long done = client.submit(TaskRequest.of("report", null)).taskId();
        long failed = client.submit(TaskRequest.of("import", null)).taskId();

        TaskView succeeded = awaitStatus(client, done, TaskStatus.SUCCESS);
        TaskView stopped = awaitStatus(client, failed, TaskStatus.FAILED);

        assertThat(succeeded.progress()).isEqualTo(100);
        assertThat(succeeded.progressMessage()).isEqualTo("line 75 of 75");
        assertThat(stopped.progress()).isEqualTo(40);
        assertThat(stopped.progressMessage()).isEqualTo("stopped at row 40");
    }

    @Test
    void neverRunsMoreTasksAtOnceThanItHasSlots() {
        var handler = new RecordingHandler<>("batch", Object.class, (context, payload) -> {
            Thread.sleep(30);
            return TaskResult.success();
        });
        AsyncTaskWorker worker = workers.start("w1", settings -> settings.slots(3), handler);
        AsyncTaskClient client = workers.client(worker);

        List<TaskRequest> requests = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            requests.add(TaskRequest.of("batch", i));
        }
        client.submitAll(requests);

        await().atMost(Duration.ofSeconds(30)).until(() -> rows.count("SUCCESS") == 30);
        assertThat(handler.maxConcurrent.get()).isBetween(2, 3);
        assertThat(handler.totalExecutions()).isEqualTo(30);
    }

    @Test
    void claimsOnlyTheTypesItHasHandlersFor() {
        var handler = RecordingHandler.succeeding("mine");
        AsyncTaskWorker worker = workers.start("w1", handler);
        AsyncTaskClient client = workers.client(worker);

        long other = client.submit(TaskRequest.of("theirs", null)).taskId();
        long mine = client.submit(TaskRequest.of("mine", null)).taskId();

        awaitStatus(client, mine, TaskStatus.SUCCESS);
        assertThat(rows.status(other)).isEqualTo("QUEUED");
    }

    /**
     * The poller's first claim finds the queue empty, after which it sleeps its 30 s poll interval; the submit
     * comes after that claim (claims are counted by the claim batch-size meter, empty ones included), so only
     * the wake-up can bring the claim that takes the task within 20 s.
     */
    @Test
    void aSubmitInTheSameJvmWakesAnIdlePoller() {
        var handler = RecordingHandler.succeeding("mail");
        AsyncTaskWorker worker = workers.start("w1", settings -> settings.pollInterval(Duration.ofSeconds(30)), handler);
        AsyncTaskClient client = workers.client(worker);
        await().atMost(Duration.ofSeconds(20)).until(() -> claimRounds() == 1);

        long id = client.submit(TaskRequest.of("mail", null)).taskId();

        // without the wake-up the next claim would come 30 s after the first
        await().atMost(Duration.ofSeconds(20)).until(() -> client.get(id).orElseThrow().status() == TaskStatus.SUCCESS);
    }

    private long claimRounds() {
        var rounds = workers.meters.find("async.task.claim.batch.size").summary();
        return rounds == null ? 0 : rounds.count();
    }

    @Test
    void gracefulStopLetsRunningTasksFinish() throws Exception {
        CountDownLatch started = new CountDownLatch(3);
        var handler = new RecordingHandler<>("work", Object.class, (context, payload) -> {
            started.countDown();
            Thread.sleep(800);
            return TaskResult.success();
        });
        AsyncTaskWorker worker = workers.start("w1", handler);
        AsyncTaskClient client = workers.client(worker);
        client.submitAll(List.of(TaskRequest.of("work", 1), TaskRequest.of("work", 2), TaskRequest.of("work", 3)));
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

        worker.stop();

        assertThat(rows.count("SUCCESS")).isEqualTo(3);
        assertThat(rows.countLeased()).isZero();
    }

    @Test
    void aStopWritesTheLastOutcomesEvenWhenTheDatabaseRefusesTheFirstTry() throws Exception {
        CountDownLatch started = new CountDownLatch(3);
        CountDownLatch finish = new CountDownLatch(1);
        var handler = new RecordingHandler<>("work", Object.class, (context, payload) -> {
            started.countDown();
            finish.await();
            return TaskResult.success();
        });
        List<CutOffLeaseStore> stores = new ArrayList<>();
        AsyncTaskWorker worker = workers.start("w1", settings -> {
            settings.leaseTimeout(Duration.ofSeconds(10));
            settings.heartbeatInterval(Duration.ofSeconds(1));
        }, store -> {
            CutOffLeaseStore cutOff = new CutOffLeaseStore(store);
            stores.add(cutOff);
            return cutOff;
        }, List.of(handler));
        AsyncTaskClient client = workers.client(worker);
        client.submitAll(List.of(TaskRequest.of("work", 1), TaskRequest.of("work", 2), TaskRequest.of("work", 3)));
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

        // the outcomes reach the writer while nothing gets through, and the stop begins at once
        stores.get(0).cutOffFor(Duration.ofMillis(1500), false);
        finish.countDown();
        worker.stop();

        assertThat(rows.count("SUCCESS")).isEqualTo(3);
        assertThat(rows.countLeased()).isZero();
    }

    @Test
    void aStopThatRunsOutOfTimeHandsRunningTasksBackWithoutSpendingAnAttempt() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        var handler = new RecordingHandler<>("endless", Object.class, (context, payload) -> {
            started.countDown();
            Thread.sleep(60_000);
            return TaskResult.success();
        });
        AsyncTaskWorker worker = workers.start("w1", settings -> settings.shutdownTimeout(Duration.ofMillis(300)), handler);
        AsyncTaskClient client = workers.client(worker);
        long id = client.submit(TaskRequest.of("endless", null)).taskId();
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

        worker.stop();

        TaskView view = client.get(id).orElseThrow();
        assertThat(view.status()).isEqualTo(TaskStatus.QUEUED);
        assertThat(view.attemptCount()).isZero();
        assertThat(view.lastError()).contains("released");
    }

    @Test
    void theWorkerKeepsItsRegistryRowFreshAndMarksItsStop() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        var handler = new RecordingHandler<>("hold", Object.class, (context, payload) -> {
            release.await(20, TimeUnit.SECONDS);
            return TaskResult.success();
        });
        AsyncTaskWorker worker = workers.start("registered", handler);
        AsyncTaskClient client = workers.client(worker);
        var registry = MyBatisStores.create(db.dataSource()).workerRegistry();
        client.submitAll(List.of(TaskRequest.of("hold", 1), TaskRequest.of("hold", 2)));

        await().atMost(Duration.ofSeconds(10)).until(() -> registry.seenWithin(Duration.ofMinutes(1)).stream()
                .anyMatch(w -> w.workerId().equals("registered") && w.runningTasks() == 2));
        release.countDown();
        worker.stop();

        var row = registry.seenWithin(Duration.ofMinutes(1)).stream()
                .filter(w -> w.workerId().equals("registered")).findFirst().orElseThrow();
        assertThat(row.stoppedAt()).isNotNull();
        assertThat(row.taskTypes()).isEqualTo("hold");
        assertThat(row.slots()).isEqualTo(4);
    }

    @Test
    void aDeadWorkersTaskIsRecoveredAndRunHere() {
        var handler = RecordingHandler.succeeding("orphan");
        long id = workers.client().submit(TaskRequest.of("orphan", null)).taskId();
        var dead = MyBatisStores.create(db.dataSource()).leaseStore();
        assertThat(dead.claim(new ClaimRequest("dead", Set.of("orphan"), 1, Duration.ofMillis(60_000), ConcurrencyLimits.NONE))).hasSize(1);
        rows.expireLease(id);

        AsyncTaskWorker worker = workers.start("rescuer", handler);

        awaitStatus(workers.client(worker), id, TaskStatus.SUCCESS);
        assertThat(handler.contexts.get(id).attempt()).isEqualTo(2);
        assertThat(workers.meters.get("async.task.lease.expired").tag("outcome", "requeued").counter().count())
                .isEqualTo(1);
        assertThat(workers.meters.get("async.task.recovery.delay").timer().count()).isEqualTo(1);
    }

    /** Its recovery rounds send nothing while its looks see no expired lease; the look that sees one brings a round. */
    @Test
    void anIdleWorkerRecoversALeaseThatExpiresWhileItLooks() throws Exception {
        var handler = RecordingHandler.succeeding("orphan");
        AsyncTaskWorker worker = workers.start("rescuer", handler);
        Thread.sleep(1_500);   // idle: several looks and recovery rounds with nothing to find
        // a task a worker that died held, as its claim left it: out of the rescuer's claims until its lease expires
        long id = workers.client().submit(TaskRequest.of("orphan", null).withDelay(Duration.ofHours(1))).taskId();
        rows.jdbc().update("UPDATE system_async_task SET status = 'RUNNING', lease_owner = 'dead', attempt_count = 1,"
                + " lease_token = 1, available_at = NOW(3), started_at = NOW(3),"
                + " lease_until = TIMESTAMPADD(MICROSECOND, 200000, NOW(3)) WHERE id = ?", id);

        awaitStatus(workers.client(worker), id, TaskStatus.SUCCESS);
        assertThat(handler.contexts.get(id).attempt()).isEqualTo(2);
        assertThat(workers.meters.get("async.task.lease.expired").tag("outcome", "requeued").counter().count())
                .isEqualTo(1);
    }

    private long executions(String type, String outcome) {
        var timer = workers.meters.find("async.task.execution").tags("type", type, "outcome", outcome).timer();
        return timer == null ? 0 : timer.count();
    }

    private static TaskView awaitStatus(AsyncTaskClient client, long id, TaskStatus status) {
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(20))
                .until(() -> client.get(id).orElseThrow().status() == status);
        return client.get(id).orElseThrow();
    }
}
