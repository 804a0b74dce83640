package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.PayloadCodec.MalformedPayloadException;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.tudicloud.asynctask.worker.WorkerConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Children a handler submits land with its execution's success, once, and never with an execution that lost its
 * lease or did not succeed. Two workers on pools of their own, the first run on a thread of its own.
 */
class RunningTaskChildrenTest {

    private static final String TRACE = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    private final List<HikariDataSource> pools = new ArrayList<>();

    @BeforeEach
    void emptyTable() {
        db.deleteAllTasks();
    }

    @AfterEach
    void closePools() {
        pools.forEach(HikariDataSource::close);
    }

    @Test
    void aRunWhoseLeaseWasTakenOverLeavesNoChildAndTheSecondRunsChildrenLandOnce() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch firstRunSubmitted = new CountDownLatch(1);
        CountDownLatch takenOver = new CountDownLatch(1);
        var handler = new RecordingHandler<>("parent", Object.class, (context, payload) -> {
            int run = runs.incrementAndGet();
            context.submit(TaskRequest.of("child", "run " + run + ", child 1"));
            context.submit(TaskRequest.of("child", "run " + run + ", child 2"));
            if (run == 1) {
                firstRunSubmitted.countDown();
                // the first run outlives its lease: it succeeds once another run has taken the task over
                assertThat(takenOver.await(20, TimeUnit.SECONDS)).isTrue();
            }
            return TaskResult.success();
        });
        long id = submitParent();
        ManualWorker first = manual("first", handler);
        ManualWorker second = manual("second", handler);

        Thread firstRun = new Thread(first::runOne, "first-run");
        firstRun.start();
        assertThat(firstRunSubmitted.await(10, TimeUnit.SECONDS)).isTrue();
        rows.expireLease(id);
        assertThat(MyBatisStores.create(db.dataSource()).leaseStore().recoverExpiredLeases("recoverer", 10).requeued())
                .isEqualTo(1);
        assertThat(second.runOne()).isTrue();
        takenOver.countDown();
        firstRun.join(20_000);

        assertThat(firstRun.isAlive()).isFalse();
        assertThat(runs.get()).isEqualTo(2);
        assertThat(rows.status(id)).isEqualTo("SUCCESS");
        assertThat(children()).extracting(row -> row.get("payload"))
                .containsExactlyInAnyOrder("\"run 2, child 1\"", "\"run 2, child 2\"");
        assertThat(children()).allSatisfy(row -> {
            assertThat(row.get("parent_task_id")).isEqualTo(id);
            assertThat(row.get("trace_parent")).isEqualTo(TRACE);
            assertThat(row.get("batch_id")).isNull();
        });
    }

    @Test
    void aRetriedRunsChildrenAreDiscardedAndTheSucceedingRunsInserted() {
        AtomicInteger runs = new AtomicInteger();
        var handler = new RecordingHandler<>("parent", Object.class, (context, payload) -> {
            int run = runs.incrementAndGet();
            context.submit(TaskRequest.of("child", "run " + run));
            return run == 1 ? TaskResult.retryAfter(Duration.ZERO, "once more") : TaskResult.success();
        });
        long id = submitParent();

        assertThat(manual("manual", handler).runDue()).isEqualTo(2);

        assertThat(rows.status(id)).isEqualTo("SUCCESS");
        assertThat(children()).extracting(row -> row.get("payload")).containsExactly("\"run 2\"");
    }

    @Test
    void aFailedRunsChildrenAreDiscarded() {
        var handler = new RecordingHandler<>("parent", Object.class, (context, payload) -> {
            context.submit(TaskRequest.of("child", null));
            return TaskResult.fail("no");
        });
        long id = submitParent();

        manual("manual", handler).runDue();

        assertThat(rows.status(id)).isEqualTo("FAILED");
        assertThat(children()).isEmpty();
    }

    @Test
    void badChildrenFailTheHandlersCallAndThePastTheCapOneToo() {
        AtomicReference<List<Throwable>> refused = new AtomicReference<>(new ArrayList<>());
        var handler = new RecordingHandler<>("parent", Object.class, (context, payload) -> {
            refusal(refused, context, null);
            refusal(refused, context, TaskRequest.of("child", null).withDedupKey("once"));
            List<Object> loop = new ArrayList<>();
            loop.add(loop);
            refusal(refused, context, TaskRequest.of("child", loop));   // no JSON for it
            for (int i = 0; i < TaskContext.MAX_CHILDREN; i++) {
                context.submit(TaskRequest.of("child", null));
            }
            refusal(refused, context, TaskRequest.of("child", null));
            return TaskResult.success();
        });
        long id = submitParent();

        manual("manual", handler).runDue();

        assertThat(refused.get()).hasSize(4);
        assertThat(refused.get().get(0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("null");
        assertThat(refused.get().get(1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dedup key");
        assertThat(refused.get().get(2)).isInstanceOf(MalformedPayloadException.class);
        assertThat(refused.get().get(3)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(String.valueOf(TaskContext.MAX_CHILDREN));
        assertThat(rows.status(id)).isEqualTo("SUCCESS");
        assertThat(rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task WHERE parent_task_id = ?",
                Long.class, id)).isEqualTo(TaskContext.MAX_CHILDREN);
    }

    @Test
    void aChildSubmittedAfterTheOutcomeIsDecidedIsRefused() {
        AtomicReference<TaskContext> ended = new AtomicReference<>();
        var handler = new RecordingHandler<>("parent", Object.class, (context, payload) -> {
            ended.set(context);   // as a thread of the handler's own would keep it
            return TaskResult.success();
        });
        long id = submitParent();
        manual("manual", handler).runDue();

        assertThatThrownBy(() -> ended.get().submit(TaskRequest.of("child", null)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("never be inserted");
        assertThat(rows.status(id)).isEqualTo("SUCCESS");
        assertThat(children()).isEmpty();
    }

    private static void refusal(AtomicReference<List<Throwable>> refused, TaskContext context, TaskRequest child) {
        assertThatThrownBy(() -> context.submit(child)).satisfies(refused.get()::add);
    }

    private long submitParent() {
        return MyBatisStores.create(db.dataSource()).taskStore()
                .insert(List.of(new NewTask("parent", "{}", 0, 0, 3, null, null, null, TRACE))).get(0).taskId();
    }

    private List<Map<String, Object>> children() {
        return rows.jdbc().queryForList("SELECT payload, parent_task_id, trace_parent, batch_id FROM system_async_task "
                + "WHERE task_type = 'child'");
    }

    /** A worker on a pool of its own, as another process would have; a long lease, renewed by nothing. */
    private ManualWorker manual(String workerId, RecordingHandler<?> handler) {
        HikariDataSource pool = db.newDataSource(2);
        pools.add(pool);
        MyBatisStores stores = MyBatisStores.create(pool);
        return AsyncTaskWorker.builder(stores.leaseStore(), stores.workerRegistry(), stores.fleetSettings())
                .config(WorkerConfig.builder().workerId(workerId).leaseTimeout(Duration.ofSeconds(60)).build())
                .handlers(List.of(handler)).codec(TestWorkers.CODEC).buildManual();
    }
}
