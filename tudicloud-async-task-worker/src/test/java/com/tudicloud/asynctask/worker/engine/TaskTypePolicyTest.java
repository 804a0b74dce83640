package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskPolicy;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TaskView;
import com.tudicloud.asynctask.api.TimeoutAction;
import com.tudicloud.asynctask.client.AfterCommit;
import com.tudicloud.asynctask.client.ClientMetrics;
import com.tudicloud.asynctask.client.DefaultAsyncTaskClient;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Task types with different policies on one worker, on the real database: each keeps its own attempts,
 * retry delays (read on the database's clock), time limit and timeout action, non-retryable exceptions,
 * default priority and concurrency limit.
 */
class TaskTypePolicyTest {

    private static final RecordingHandler.Body<Object> ALWAYS_THROWS = (context, payload) -> {
        throw new IllegalStateException("downstream unavailable");
    };

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    @RegisterExtension
    final TestWorkers workers = new TestWorkers(db);

    @Test
    void eachTypeRetriesWithItsOwnAttemptsAndBackoff() {
        var brief = handler("brief", TaskPolicy.builder().maxAttempts(2)
                .backoff(Duration.ofSeconds(20), 1.0, Duration.ofSeconds(20), 0).build(), ALWAYS_THROWS);
        var patient = handler("patient", TaskPolicy.builder().maxAttempts(4)
                .backoff(Duration.ofSeconds(30), 3.0, Duration.ofSeconds(100), 0).build(), ALWAYS_THROWS);
        AsyncTaskWorker worker = workers.start("w1", brief, patient);
        AsyncTaskClient client = client(worker);

        long briefId = client.submit(TaskRequest.of("brief", null)).taskId();
        long patientId = client.submit(TaskRequest.of("patient", null)).taskId();

        List<Long> briefDelays = retryDelays(briefId);
        List<Long> patientDelays = retryDelays(patientId);

        assertThat(briefDelays).containsExactly(20_000L);
        assertThat(patientDelays).containsExactly(30_000L, 90_000L, 100_000L);
        assertThat(client.get(briefId).orElseThrow().attemptCount()).isEqualTo(2);
        assertThat(client.get(patientId).orElseThrow().attemptCount()).isEqualTo(4);
        assertThat(brief.executionsOf(briefId)).isEqualTo(2);
        assertThat(patient.executionsOf(patientId)).isEqualTo(4);
        System.out.printf("retry delays on the database clock (ms): brief %s, patient %s%n", briefDelays, patientDelays);
    }

    @Test
    void eachTypeHasItsOwnTimeLimitAndTimeoutAction() {
        RecordingHandler.Body<Object> sleepTwoSeconds = (context, payload) -> {
            Thread.sleep(2_000);
            return TaskResult.success();
        };
        var strict = handler("strict", TaskPolicy.builder().maxExecutionTime(Duration.ofMillis(300))
                .timeoutAction(TimeoutAction.FAIL).maxAttempts(3).build(), sleepTwoSeconds);
        var forgiving = handler("forgiving", TaskPolicy.builder().maxExecutionTime(Duration.ofMillis(300))
                .timeoutAction(TimeoutAction.RETRY).maxAttempts(3)
                .backoff(Duration.ofMinutes(10), 1.0, Duration.ofMinutes(10), 0).build(), sleepTwoSeconds);
        var relaxed = handler("relaxed", TaskPolicy.builder().maxExecutionTime(Duration.ofSeconds(30))
                .timeoutAction(TimeoutAction.FAIL).build(), sleepTwoSeconds);
        AsyncTaskWorker worker = workers.start("w1", strict, forgiving, relaxed);
        AsyncTaskClient client = client(worker);

        long strictId = client.submit(TaskRequest.of("strict", null)).taskId();
        long forgivingId = client.submit(TaskRequest.of("forgiving", null)).taskId();
        long relaxedId = client.submit(TaskRequest.of("relaxed", null)).taskId();

        TaskView failed = awaitStatus(client, strictId, TaskStatus.FAILED);
        assertThat(failed.attemptCount()).isEqualTo(1);
        assertThat(failed.lastError()).isEqualTo("timed out after max-execution-time PT0.3S");
        TaskView retrying = awaitStatus(client, forgivingId, TaskStatus.SCHEDULED);
        assertThat(retrying.attemptCount()).isEqualTo(1);
        assertThat(retrying.lastError()).isEqualTo("timed out after max-execution-time PT0.3S");
        assertThat(delayOnDatabaseClock(forgivingId)).isEqualTo(600_000L);
        assertThat(awaitStatus(client, relaxedId, TaskStatus.SUCCESS).attemptCount()).isEqualTo(1);
    }

    @Test
    void aNonRetryableExceptionFailsAtTheFirstAttemptOnlyForTheTypeThatSaysSo() {
        RecordingHandler.Body<Object> badInput = (context, payload) -> {
            throw new IllegalStateException("could not parse", new IllegalArgumentException("row 7: not a date"));
        };
        var strict = handler("strict", TaskPolicy.builder().maxAttempts(5)
                .nonRetryable(IllegalArgumentException.class).build(), badInput);
        var lenient = handler("lenient", TaskPolicy.builder().maxAttempts(5)
                .backoff(Duration.ofMinutes(10), 1.0, Duration.ofMinutes(10), 0).build(), badInput);
        AsyncTaskWorker worker = workers.start("w1", strict, lenient);
        AsyncTaskClient client = client(worker);

        long strictId = client.submit(TaskRequest.of("strict", null)).taskId();
        long lenientId = client.submit(TaskRequest.of("lenient", null)).taskId();

        TaskView failed = awaitStatus(client, strictId, TaskStatus.FAILED);
        assertThat(failed.attemptCount()).isEqualTo(1);
        assertThat(failed.maxAttempts()).isEqualTo(5);
        assertThat(failed.lastError()).startsWith("not retried, non-retryable for its task type: "
                + "java.lang.IllegalStateException: could not parse").contains("IllegalArgumentException: row 7: not a date");
        assertThat(strict.executionsOf(strictId)).isEqualTo(1);
        TaskView retrying = awaitStatus(client, lenientId, TaskStatus.SCHEDULED);
        assertThat(retrying.attemptCount()).isEqualTo(1);
    }

    @Test
    void aTaskSubmittedWithoutPriorityOrAttemptsGetsItsTypesAndOneWithThemKeepsThem() {
        var urgent = handler("urgent", TaskPolicy.builder().defaultPriority(50).maxAttempts(8).build(),
                (context, payload) -> TaskResult.success());
        AsyncTaskWorker worker = workers.start("w1", settings -> settings.pollInterval(Duration.ofHours(1)), urgent);
        AsyncTaskClient client = client(worker);

        List<Long> ids = client.submitAll(List.of(
                TaskRequest.of("urgent", null).withDelay(Duration.ofHours(1)),
                TaskRequest.of("urgent", null).withDelay(Duration.ofHours(1)).withPriority(-3).withMaxAttempts(1),
                TaskRequest.of("elsewhere", null).withDelay(Duration.ofHours(1))))
                .stream().map(submitted -> submitted.taskId()).toList();

        assertThat(priorityAndAttempts(ids.get(0))).containsExactly(50, 8);
        assertThat(priorityAndAttempts(ids.get(1))).containsExactly(-3, 1);
        // a type this application runs no handler for gets the worker's defaults
        assertThat(priorityAndAttempts(ids.get(2))).containsExactly(0, TaskRequest.DEFAULT_MAX_ATTEMPTS);
    }

    @Test
    void aDeclaredConcurrencyLimitBecomesTheFleetsCapAndHoldsOnTheWorker() {
        var blocking = new CountDownLatch(1);
        var limited = handler("limited", TaskPolicy.builder().concurrencyLimit(2).build(), (context, payload) -> {
            blocking.await();
            return TaskResult.success();
        });
        var free = handler("free", TaskPolicy.DEFAULTS, (context, payload) -> {
            blocking.await();
            return TaskResult.success();
        });
        AsyncTaskWorker worker = workers.start("w1", settings -> settings.slots(8), limited, free);
        AsyncTaskClient client = client(worker);
        List<TaskRequest> requests = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            requests.add(TaskRequest.of("limited", null));
            requests.add(TaskRequest.of("free", null));
        }
        client.submitAll(requests);

        await().atMost(Duration.ofSeconds(20)).until(() -> free.concurrent.get() == 6 && limited.concurrent.get() == 2);
        assertThat(MyBatisStores.create(db.dataSource()).fleetSettings().concurrencyLimits(Set.of("limited", "free"))
                .perType()).isEqualTo(Map.of("limited", 2));
        assertThat(limited.maxConcurrent.get()).isEqualTo(2);
        blocking.countDown();
        await().atMost(Duration.ofSeconds(20)).until(() -> rows.count("SUCCESS") == 12);
        assertThat(limited.maxConcurrent.get()).isEqualTo(2);
    }

    /**
     * Follows a task that always fails through its attempts: after each failure, its delay as the database
     * wrote it (available_at minus update_time, the same statement's NOW), then makes it due at once.
     */
    private List<Long> retryDelays(long id) {
        List<Long> delays = new ArrayList<>();
        for (int attempt = 1; ; attempt++) {
            String waiting = "SCHEDULED:" + attempt;
            // status and attempts read together: a task made due may be claimed between two reads
            String state = await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(20))
                    .until(() -> statusAndAttempts(id), read -> read.equals(waiting) || read.startsWith("FAILED"));
            if (state.startsWith("FAILED")) {
                return delays;
            }
            delays.add(delayOnDatabaseClock(id));
            rows.makeDue(id);
        }
    }

    private long delayOnDatabaseClock(long id) {
        return rows.jdbc().queryForObject("SELECT TIMESTAMPDIFF(MICROSECOND, update_time, available_at) DIV 1000 "
                + "FROM system_async_task WHERE id = ?", Long.class, id);
    }

    private String statusAndAttempts(long id) {
        return rows.jdbc().queryForObject("SELECT CONCAT(status, ':', attempt_count) FROM system_async_task WHERE id = ?",
                String.class, id);
    }

    private List<Integer> priorityAndAttempts(long id) {
        return rows.jdbc().queryForObject("SELECT priority, max_attempts FROM system_async_task WHERE id = ?",
                (row, n) -> List.of(row.getInt(1), row.getInt(2)), id);
    }

    /** A client that applies the worker's policies, as the auto-configured one in the worker's application does. */
    private AsyncTaskClient client(AsyncTaskWorker worker) {
        return new DefaultAsyncTaskClient(MyBatisStores.create(db.dataSource()).taskStore(), TestWorkers.CODEC,
                Clock.systemUTC(), worker::tasksSubmitted, ClientMetrics.NONE, worker::policies, AfterCommit.IMMEDIATELY);
    }

    private static RecordingHandler<Object> handler(String type, TaskPolicy policy, RecordingHandler.Body<Object> body) {
        return new RecordingHandler<>(type, Object.class, body) {
            @Override
            public TaskPolicy policy() {
                return policy;
            }
        };
    }

    private static TaskView awaitStatus(AsyncTaskClient client, long id, TaskStatus status) {
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(20))
                .until(() -> client.get(id).orElseThrow().status() == status);
        return client.get(id).orElseThrow();
    }
}
