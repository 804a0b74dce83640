package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.CancelOutcome;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import io.micrometer.core.instrument.DistributionSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Claiming ahead of the slots: short tasks are claimed in batches larger than the slots, long ones only
 * for free slots; tasks waiting for a slot are cancelled and handed back without running.
 */
class PrefetchTest {

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    @RegisterExtension
    final TestWorkers workers = new TestWorkers(db);

    @Test
    void shortTasksAreClaimedInBatchesLargerThanTheSlotsAndStillRunAtMostSlotsAtOnce() {
        var handler = RecordingHandler.succeeding("quick");
        AsyncTaskWorker worker = workers.start("w1", settings -> settings.slots(2), handler);
        AsyncTaskClient client = workers.client(worker);

        client.submitAll(IntStream.range(0, 400).mapToObj(i -> TaskRequest.of("quick", i)).toList());

        await().atMost(Duration.ofSeconds(60)).until(() -> rows.count("SUCCESS") == 400);
        DistributionSummary batches = workers.meters.get("async.task.claim.batch.size").summary();
        assertThat(batches.max()).as("largest claim").isGreaterThan(2)
                .isLessThanOrEqualTo(2 * (1 + ExecutionPace.MAX_PREFETCH_PER_SLOT));
        assertThat(handler.maxConcurrent.get()).isLessThanOrEqualTo(2);
        assertThat(handler.totalExecutions()).isEqualTo(400);
        assertThat(handler.overlaps.get()).isZero();
    }

    @Test
    void oneClaimTakesAtMostItsCapWhateverTheSlotsAndPrefetchMakeRoomFor() {
        var handler = RecordingHandler.succeeding("quick");
        AsyncTaskWorker worker = workers.start("w1", settings -> settings.slots(100), handler);
        AsyncTaskClient client = workers.client(worker);

        client.submitAll(IntStream.range(0, 4000).mapToObj(i -> TaskRequest.of("quick", i)).toList());

        await().atMost(Duration.ofSeconds(120)).until(() -> rows.count("SUCCESS") == 4000);
        DistributionSummary batches = workers.meters.get("async.task.claim.batch.size").summary();
        assertThat(100 * (1 + ExecutionPace.MAX_PREFETCH_PER_SLOT)).as("room of 100 slots and their prefetch")
                .isGreaterThan(TaskPoller.MAX_CLAIM);
        assertThat(batches.max()).as("largest claim").isGreaterThan(100).isLessThanOrEqualTo(TaskPoller.MAX_CLAIM);
        assertThat(handler.totalExecutions()).isEqualTo(4000);
        assertThat(handler.overlaps.get()).isZero();
    }

    @Test
    void tasksLongerThanThePrefetchWindowAreClaimedOnlyForFreeSlots() {
        AtomicLong mostLeased = new AtomicLong();
        var handler = new RecordingHandler<>("slow", Object.class, (context, payload) -> {
            mostLeased.accumulateAndGet(rows.countLeased(), Math::max);
            Thread.sleep(250);
            return TaskResult.success();
        });
        AsyncTaskWorker worker = workers.start("w1", settings -> settings.slots(2), handler);
        AsyncTaskClient client = workers.client(worker);

        client.submitAll(IntStream.range(0, 8).mapToObj(i -> TaskRequest.of("slow", i)).toList());

        await().atMost(Duration.ofSeconds(30)).until(() -> rows.count("SUCCESS") == 8);
        assertThat(mostLeased.get()).as("tasks leased at once").isEqualTo(2);
    }

    @Test
    void aTaskWaitingForASlotIsCancelledAtOnceAndHandedBackUnstartedOnStop() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        var quick = RecordingHandler.succeeding("quick");
        var hold = new RecordingHandler<>("hold", Object.class, (context, payload) -> {
            release.await(20, TimeUnit.SECONDS);   // interrupted when the stop runs out of time
            return TaskResult.success();
        });
        AsyncTaskWorker worker = workers.start("w1", settings -> {
            settings.slots(2);
            settings.shutdownTimeout(Duration.ofMillis(500));
        }, quick, hold);
        AsyncTaskClient client = workers.client(worker);
        // short executions first, so that the worker claims ahead of its slots
        client.submitAll(IntStream.range(0, 50).mapToObj(i -> TaskRequest.of("quick", i)).toList());
        await().atMost(Duration.ofSeconds(30)).until(() -> rows.count("SUCCESS") == 50);

        List<Long> held = client.submitAll(IntStream.range(0, 6).mapToObj(i -> TaskRequest.of("hold", i)).toList())
                .stream().map(task -> task.taskId()).toList();
        await().atMost(Duration.ofSeconds(10)).until(() -> rows.countLeased() == 6 && hold.totalExecutions() == 2);
        long waiting = held.stream().filter(id -> hold.executionsOf(id) == 0).findFirst().orElseThrow();

        assertThat(client.cancel(waiting)).isEqualTo(CancelOutcome.CANCEL_REQUESTED);
        await().atMost(Duration.ofSeconds(10)).until(() -> rows.status(waiting).equals("CANCELLED"));
        worker.stop();

        assertThat(hold.totalExecutions()).as("handlers started").isEqualTo(2);
        assertThat(rows.countLeased()).isZero();
        assertThat(rows.idsWithStatus("QUEUED")).hasSize(5);
        assertThat(rows.jdbc().queryForObject("SELECT MAX(attempt_count) FROM system_async_task WHERE task_type = 'hold'"
                + " AND status = 'QUEUED'", Integer.class)).as("a hand-back spends no attempt").isZero();
        release.countDown();
    }
}
