package com.tudicloud.asynctask.admin.demo;

import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.client.JacksonPayloadCodec;
import com.tudicloud.asynctask.api.spi.PayloadCodec;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** The demo handlers on their own, with a fake context: what each reports and how each ends. */
class DemoHandlersTest {

    /** A cancel or an interrupt must end a 60 s sleep within this. */
    private static final long PROMPT_MILLIS = 1_000;

    @Test
    void sleepReportsProgressAndSucceeds() throws Exception {
        FakeTaskContext context = FakeTaskContext.attempt(1);

        TaskResult result = new SleepTaskHandler().execute(context, new SleepPayload(250));

        assertThat(result).isEqualTo(TaskResult.success());
        assertThat(context.messages()).startsWith("slept 100 of 250 ms").endsWith("slept 250 of 250 ms");
        assertThat(context.progress()).extracting(FakeTaskContext.Progress::percent).containsExactly(40, 80, 100);
    }

    @Test
    void sleepEndsPromptlyWhenCancellationIsRequested() {
        FakeTaskContext context = FakeTaskContext.attempt(1);
        SlotThread slot = SlotThread.sleep(context, new SleepPayload(60_000));
        await().atMost(Duration.ofSeconds(5)).until(() -> !context.progress().isEmpty());

        context.requestCancellation();

        assertThatThrownBy(() -> slot.result().get(PROMPT_MILLIS, TimeUnit.MILLISECONDS))
                .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(InterruptedException.class);
    }

    @Test
    void sleepEndsPromptlyWhenInterrupted() {
        FakeTaskContext context = FakeTaskContext.attempt(1);
        SlotThread slot = SlotThread.sleep(context, new SleepPayload(60_000));
        await().atMost(Duration.ofSeconds(5)).until(() -> !context.progress().isEmpty());

        slot.thread().interrupt();

        assertThatThrownBy(() -> slot.result().get(PROMPT_MILLIS, TimeUnit.MILLISECONDS))
                .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(InterruptedException.class);
    }

    @Test
    void flakyFailsOnItsPlannedAttemptsThenSucceeds() {
        FlakyTaskHandler handler = new FlakyTaskHandler();
        FlakyPayload twoFailures = new FlakyPayload(2);

        assertThatThrownBy(() -> handler.execute(FakeTaskContext.attempt(1), twoFailures))
                .hasMessageContaining("attempt 1 of 2");
        assertThatThrownBy(() -> handler.execute(FakeTaskContext.attempt(2), twoFailures))
                .hasMessageContaining("attempt 2 of 2");
        assertThat(handler.execute(FakeTaskContext.attempt(3), twoFailures)).isEqualTo(TaskResult.success());
        assertThat(handler.execute(FakeTaskContext.attempt(1), new FlakyPayload(0))).isEqualTo(TaskResult.success());
    }

    @Test
    void exportReportsRowsAndNamesItsFile() throws Exception {
        FakeTaskContext context = FakeTaskContext.attempt(1);

        TaskResult result = new ExportTaskHandler(Duration.ZERO).execute(context, new ExportPayload(120));

        assertThat(result).isEqualTo(TaskResult.success("export-42.csv"));
        assertThat(context.messages()).containsExactly("row 50 of 120", "row 100 of 120", "row 120 of 120");
        assertThat(context.progress()).extracting(FakeTaskContext.Progress::percent).containsExactly(41, 83, 100);
    }

    @Test
    void exportStopsWhenCancellationIsRequested() {
        FakeTaskContext context = FakeTaskContext.attempt(1);
        context.requestCancellation();

        assertThatThrownBy(() -> new ExportTaskHandler(Duration.ZERO).execute(context, new ExportPayload(500)))
                .isInstanceOf(InterruptedException.class);
        assertThat(context.progress()).isEmpty();
    }

    @Test
    void payloadsAreReadFromTheirDocumentedJson() {
        PayloadCodec codec = new JacksonPayloadCodec(JsonMapper.builder().build());

        assertThat(codec.read("{\"ms\": 3000}", SleepPayload.class)).isEqualTo(new SleepPayload(3000));
        assertThat(codec.read("{\"failures\": 2}", FlakyPayload.class)).isEqualTo(new FlakyPayload(2));
        assertThat(codec.read("{\"rows\": 500}", ExportPayload.class)).isEqualTo(new ExportPayload(500));
        assertThat(codec.read("{\"rows\": 100}", ImportPayload.class)).isEqualTo(new ImportPayload(100));
        // a payload that can never work fails the task at once instead of being retried
        assertThatThrownBy(() -> codec.read("{\"rows\": -1}", ExportPayload.class))
                .hasMessageContaining("rows must not be negative");
    }

    /** A handler running on a thread of its own, as on a worker's slot. */
    private record SlotThread(Thread thread, CompletableFuture<TaskResult> result) {

        static SlotThread sleep(FakeTaskContext context, SleepPayload payload) {
            CompletableFuture<TaskResult> result = new CompletableFuture<>();
            Thread thread = new Thread(() -> {
                try {
                    result.complete(new SleepTaskHandler().execute(context, payload));
                } catch (Throwable t) {
                    result.completeExceptionally(t);
                }
            });
            thread.start();
            return new SlotThread(thread, result);
        }
    }
}
