package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TaskView;
import com.tudicloud.asynctask.api.TimeoutAction;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Handlers that do not play by the rules: the worker enforces max-execution-time, keeps its slots
 * working, and reports each case with a log line and a metric.
 */
class MisbehavingHandlerTest {

    private final TestDatabase db = TestDatabase.get();

    @RegisterExtension
    final TestWorkers workers = new TestWorkers(db);

    /** Never returns on its own and swallows every interrupt until the test lets it go. */
    @Test
    void aHandlerThatIgnoresInterruptsIsAbandonedAndItsSlotServesOthers() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean returned = new AtomicBoolean();
        var stubborn = new RecordingHandler<>("stubborn", Object.class, (context, payload) -> {
            while (release.getCount() > 0) {
                try {
                    release.await(50, TimeUnit.MILLISECONDS);
                } catch (InterruptedException swallowed) {
                    // the misbehaviour under test: the worker's interrupt is ignored
                }
            }
            returned.set(true);
            return TaskResult.success("too late");
        });
        var quick = RecordingHandler.succeeding("quick");
        AsyncTaskWorker worker = workers.start("w1", settings -> {
            settings.slots(1);
            settings.maxExecutionTime(Duration.ofMillis(400));
            settings.timeoutAction(TimeoutAction.FAIL);
        }, stubborn, quick);
        AsyncTaskClient client = workers.client(worker);

        long stuck = client.submit(TaskRequest.of("stubborn", null)).taskId();
        TaskView failed = awaitStatus(client, stuck, TaskStatus.FAILED);
        long next = client.submit(TaskRequest.of("quick", null)).taskId();

        assertThat(failed.lastError()).contains("timed out after max-execution-time");
        awaitStatus(client, next, TaskStatus.SUCCESS);   // the only slot works again, on a new thread
        assertThat(returned).as("the abandoned handler is still running").isFalse();
        assertThat(counter("async.task.handler.ignored.interrupts", "stubborn")).isEqualTo(1);
        assertThat(workers.meters.get("async.task.stopped").tags("type", "stubborn", "reason", "timed_out")
                .counter().count()).isEqualTo(1);

        release.countDown();
        await().atMost(Duration.ofSeconds(10)).untilTrue(returned);
        Thread.sleep(300);   // give a late write the chance it must not get
        TaskView after = client.get(stuck).orElseThrow();
        assertThat(after.status()).as("the late result is dropped").isEqualTo(TaskStatus.FAILED);
        assertThat(after.artifactId()).isNull();
    }

    /** An Error from one handler (here a huge allocation) fails its task, not the worker. */
    @Test
    void anOutOfMemoryErrorFailsOnlyItsTask() {
        var greedy = new RecordingHandler<>("greedy", Object.class, (context, payload) -> {
            long[] huge = new long[Integer.MAX_VALUE];
            return TaskResult.success(String.valueOf(huge.length));
        });
        var quick = RecordingHandler.succeeding("quick");
        AsyncTaskWorker worker = workers.start("w1", greedy, quick);
        AsyncTaskClient client = workers.client(worker);

        long doomed = client.submit(TaskRequest.of("greedy", null).withMaxAttempts(2)).taskId();
        long fine = client.submit(TaskRequest.of("quick", null)).taskId();

        TaskView failed = awaitStatus(client, doomed, TaskStatus.FAILED);
        assertThat(failed.lastError()).contains("OutOfMemoryError");
        assertThat(failed.attemptCount()).isEqualTo(2);
        awaitStatus(client, fine, TaskStatus.SUCCESS);
        assertThat(workers.meters.get("async.task.handler.errors").tags("type", "greedy", "error", "OutOfMemoryError")
                .counter().count()).isEqualTo(2);
        assertThat(worker.isRunning()).isTrue();
    }

    private double counter(String name, String type) {
        return workers.meters.get(name).tag("type", type).counter().count();
    }

    private static TaskView awaitStatus(AsyncTaskClient client, long id, TaskStatus status) {
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(20))
                .until(() -> client.get(id).orElseThrow().status() == status);
        return client.get(id).orElseThrow();
    }
}
