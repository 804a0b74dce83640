package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.client.AfterCommit;
import com.tudicloud.asynctask.client.ClientMetrics;
import com.tudicloud.asynctask.client.DefaultAsyncTaskClient;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.tudicloud.asynctask.worker.WorkerConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The worker a test drives: due tasks run in the caller's thread, each outcome written before the call returns. */
class ManualWorkerTest {

    record Greeting(String name) {
    }

    private final TestDatabase db = TestDatabase.get();
    private HikariDataSource dataSource;
    private MyBatisStores stores;

    @BeforeEach
    void connect() {
        db.deleteAllTasks();
        dataSource = db.newDataSource(2);
        stores = MyBatisStores.create(dataSource);
    }

    @AfterEach
    void close() {
        dataSource.close();
    }

    @Test
    void runsTheDueTasksOfItsTypesInTheCallersThread() {
        Set<Thread> ranOn = ConcurrentHashMap.newKeySet();
        var greeter = new RecordingHandler<>("manual.greet", Greeting.class, (context, greeting) -> {
            ranOn.add(Thread.currentThread());
            return TaskResult.success("hello " + greeting.name());
        });
        ManualWorker worker = manual(WorkerConfig.builder().build(), greeter);
        AsyncTaskClient client = client(worker);
        List<Long> greetings = List.of("ada", "bob", "cy").stream()
                .map(name -> client.submit(TaskRequest.of("manual.greet", new Greeting(name))).taskId()).toList();
        long other = client.submit(TaskRequest.of("manual.other", new Greeting("dee"))).taskId();

        assertThat(worker.runDue()).isEqualTo(3);

        assertThat(ranOn).containsExactly(Thread.currentThread());
        assertThat(greetings).allSatisfy(id -> assertThat(client.get(id).orElseThrow().status()).isEqualTo(TaskStatus.SUCCESS));
        assertThat(client.get(greetings.get(0)).orElseThrow().artifactId()).isEqualTo("hello ada");
        assertThat(client.get(other).orElseThrow().status()).as("a type it has no handler for").isEqualTo(TaskStatus.QUEUED);
        assertThat(worker.runDue()).as("nothing is due any more").isZero();
    }

    @Test
    void runDueLeavesALaterRetryWhichDrainWaitsFor() throws InterruptedException {
        var flaky = new RecordingHandler<>("manual.flaky", Greeting.class, (context, greeting) -> {
            if (context.attempt() == 1) {
                throw new IllegalStateException("first attempt fails");
            }
            return TaskResult.success("second");
        });
        ManualWorker worker = manual(WorkerConfig.builder().initialBackoff(Duration.ofMillis(200)).jitter(0).build(), flaky);
        AsyncTaskClient client = client(worker);
        long id = client.submit(TaskRequest.of("manual.flaky", new Greeting("ada"))).taskId();

        assertThat(worker.runDue()).isOne();
        assertThat(client.get(id).orElseThrow().status()).isEqualTo(TaskStatus.SCHEDULED);

        assertThat(worker.drain(Duration.ofSeconds(2))).isOne();
        assertThat(client.get(id).orElseThrow()).satisfies(task -> {
            assertThat(task.status()).isEqualTo(TaskStatus.SUCCESS);
            assertThat(task.attemptCount()).isEqualTo(2);
        });
    }

    /** The handler's log lines carry its task; the caller's thread has none of it afterwards, keeps its own. */
    @Test
    void theTaskIsInTheMdcWhileItsHandlerRunsAndOnlyThen() throws InterruptedException {
        List<Map<String, String>> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        var flaky = new RecordingHandler<>("manual.mdc", Greeting.class, (context, greeting) -> {
            seen.add(MDC.getCopyOfContextMap());
            if (context.attempt() == 1) {
                throw new IllegalStateException("first attempt fails");
            }
            return TaskResult.success();
        });
        ManualWorker worker = manual(WorkerConfig.builder().initialBackoff(Duration.ofMillis(1)).jitter(0).build(), flaky);
        long id = client(worker).submit(TaskRequest.of("manual.mdc", new Greeting("ada"))).taskId();
        MDC.put("request", "r-1");
        try {
            assertThat(worker.drain(Duration.ofSeconds(1))).isEqualTo(2);

            assertThat(seen).extracting(mdc -> mdc.get("asyncTaskAttempt")).containsExactly("1", "2");
            assertThat(seen).allSatisfy(mdc -> assertThat(mdc).containsEntry("asyncTaskId", Long.toString(id))
                    .containsEntry("asyncTaskType", "manual.mdc").containsEntry("request", "r-1"));
            assertThat(MDC.getCopyOfContextMap()).as("the caller's MDC after the run").containsOnlyKeys("request");
        } finally {
            MDC.remove("request");
        }
    }

    @Test
    void aHandlerThatKeepsSubmittingItsOwnTypeIsStoppedAtTheLimit() {
        AtomicReference<AsyncTaskClient> clientOfHandler = new AtomicReference<>();
        var echo = new RecordingHandler<>("manual.echo", Greeting.class, (context, greeting) -> {
            clientOfHandler.get().submit(TaskRequest.of("manual.echo", greeting));
            return TaskResult.success();
        });
        ManualWorker worker = manual(WorkerConfig.builder().build(), echo);
        AsyncTaskClient client = client(worker);
        clientOfHandler.set(client);
        client.submit(TaskRequest.of("manual.echo", new Greeting("again")));

        assertThatThrownBy(() -> worker.runDue(5)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("5 tasks ran and more are due");
        assertThat(echo.executions).hasSize(5);
    }

    @Test
    void exactlyTheLimitWithNothingMoreDueIsNoError() {
        var greeter = RecordingHandler.succeeding("manual.greet");
        ManualWorker worker = manual(WorkerConfig.builder().build(), greeter);
        AsyncTaskClient client = client(worker);
        for (int i = 0; i < 3; i++) {
            client.submit(TaskRequest.of("manual.greet", new Greeting("n" + i)));
        }

        assertThat(worker.runDue(3)).isEqualTo(3);
    }

    private ManualWorker manual(WorkerConfig config, RecordingHandler<?> handler) {
        return AsyncTaskWorker.builder(stores.leaseStore(), stores.workerRegistry(), stores.fleetSettings())
                .config(config).handlers(List.of(handler)).codec(TestWorkers.CODEC).buildManual();
    }

    private AsyncTaskClient client(ManualWorker worker) {
        return new DefaultAsyncTaskClient(stores.taskStore(), TestWorkers.CODEC, Clock.systemUTC(), types -> {
        }, ClientMetrics.NONE, worker::policies, AfterCommit.IMMEDIATELY);
    }
}
