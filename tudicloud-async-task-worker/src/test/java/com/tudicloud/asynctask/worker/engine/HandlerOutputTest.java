package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TaskView;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.time.temporal.ChronoUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What a handler returns or reports, at its extremes, on the real database: text longer than its
 * column (Unicode beyond the Basic Multilingual Plane, lone surrogates), delays past the calendar,
 * exceptions that cannot even describe themselves. Each bad value is made storable (cut, clamped,
 * replaced), logged and counted; the task ends as the handler meant; and the well-behaved task submitted
 * after it ends too.
 */
class HandlerOutputTest {

    private static final String GRIN = "\uD83D\uDE00";
    private static final long YEAR_MILLIS = 365L * 24 * 3600 * 1000;

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    @RegisterExtension
    final TestWorkers workers = new TestWorkers(db);

    @Test
    void anArtifactIdLongerThanItsColumnIsCutToItsCharacters() {
        String artifact = "\uDE00" + GRIN.repeat(300) + "\uD83D";
        TaskView done = runAlongsideAGoodTask(RecordingHandler.returning("artifact", TaskResult.success(artifact)),
                TaskStatus.SUCCESS);

        assertThat(done.artifactId()).isEqualTo("\uFFFD" + GRIN.repeat(254));
        assertThat(adjusted("artifact", "artifact_id")).isEqualTo(1);
    }

    @Test
    void aFailureReasonLongerThanItsColumnIsCut() {
        TaskView failed = runAlongsideAGoodTask(
                RecordingHandler.returning("reason", TaskResult.fail("r".repeat(100_000))), TaskStatus.FAILED);

        assertThat(failed.lastError()).isEqualTo("r".repeat(2000));
        assertThat(adjusted("reason", "last_error")).isEqualTo(1);
    }

    @Test
    void aRetryDelayPastTheCalendarIsClamped() {
        TaskView queued = runAlongsideAGoodTask(RecordingHandler.returning("later",
                TaskResult.retryAfter(Duration.ofDays(20_000 * 365L), "x".repeat(5000))), TaskStatus.SCHEDULED);

        assertThat(rows.millisUntilDue(queued.id())).isGreaterThan(100 * YEAR_MILLIS);
        assertThat(queued.lastError()).hasSize(2000);
        assertThat(adjusted("later", "retry_delay")).isEqualTo(1);
    }

    /** Duration.toMillis() overflows for this one: the outcome must still be decided, and the slot freed. */
    @Test
    void aRetryAfterForeverIsClampedToo() {
        TaskView queued = runAlongsideAGoodTask(RecordingHandler.returning("forever",
                TaskResult.retryAfter(ChronoUnit.FOREVER.getDuration(), "never")), TaskStatus.SCHEDULED);

        assertThat(rows.millisUntilDue(queued.id())).isGreaterThan(100 * YEAR_MILLIS);
        assertThat(queued.lastError()).isEqualTo("never");
    }

    @Test
    void anExceptionThatCannotDescribeItselfStillEndsItsExecution() {
        var handler = new RecordingHandler<>("mute", Object.class, (context, payload) -> {
            throw new MuteException();
        });
        TaskView failed = runAlongsideAGoodTask(handler, TaskStatus.FAILED);

        assertThat(failed.lastError()).contains(MuteException.class.getName());
    }

    @Test
    void aProgressMessageLongerThanItsColumnIsCut() {
        var handler = new RecordingHandler<>("progress", Object.class, (context, payload) -> {
            context.reportProgress(50, GRIN.repeat(10_000));
            await().atMost(Duration.ofSeconds(10)).until(() -> rows.jdbc().queryForObject(
                    "SELECT progress FROM system_async_task WHERE id = ?", Integer.class, context.taskId()) != null);
            return TaskResult.fail("stop here");
        });
        TaskView failed = runAlongsideAGoodTask(handler, TaskStatus.FAILED);

        assertThat(failed.progressMessage()).isEqualTo(GRIN.repeat(500));
        assertThat(adjusted("progress", "progress_message")).isEqualTo(1);
    }

    /** Runs one task of the bad handler (two attempts), then a good one, on one worker; both must end. */
    private TaskView runAlongsideAGoodTask(RecordingHandler<?> bad, TaskStatus expected) {
        var good = RecordingHandler.succeeding("good");
        AsyncTaskWorker worker = workers.start("w1", settings -> settings.slots(1), bad, good);
        AsyncTaskClient client = workers.client(worker);

        long badTask = client.submit(TaskRequest.of(bad.taskType(), null).withMaxAttempts(2)).taskId();
        long goodTask = client.submit(TaskRequest.of("good", null)).taskId();

        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(20))
                .until(() -> client.get(goodTask).orElseThrow().status() == TaskStatus.SUCCESS);
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(20))
                .until(() -> client.get(badTask).orElseThrow().status() == expected);
        await().atMost(Duration.ofSeconds(5)).until(() -> worker.activeTasks() == 0);
        return client.get(badTask).orElseThrow();
    }

    private double adjusted(String type, String field) {
        return workers.meters.get("async.task.handler.values.adjusted").tags("type", type, "field", field)
                .counter().count();
    }

    /** An exception whose message, and so its toString and its stack trace, cannot be read. */
    static final class MuteException extends RuntimeException {
        @Override
        public String getMessage() {
            throw new IllegalStateException("no message for you");
        }
    }
}
