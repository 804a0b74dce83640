package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskPolicy;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.client.ClientMetrics;
import com.tudicloud.asynctask.client.AfterCommit;
import com.tudicloud.asynctask.client.DefaultAsyncTaskClient;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.KeyAudit;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A type's key concurrency, declared by its handler's policy, from submit to claim: its key field names each
 * task's key on submit, its cap becomes fleet state when the worker starts, and three workers racing on it never
 * lease more tasks of a key than the cap (the database counts them at every claim, {@link KeyAudit}), also when
 * short tasks are claimed ahead of the slots.
 */
class KeyedFleetTest {

    private static final int PER_KEY = 2;

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    @RegisterExtension
    final TestWorkers workers = new TestWorkers(db);

    @Test
    void threeWorkersRunAtMostTheCapOfEachKeyAtOnce() {
        KeyAudit audit = new KeyAudit(rows.jdbc());
        audit.install();
        try {
            List<AsyncTaskWorker> fleet = new ArrayList<>();
            for (int i = 1; i <= 3; i++) {
                fleet.add(workers.start("w" + i, settings -> settings.slots(6), exports(20)));
            }
            AsyncTaskClient client = clientOf(fleet);
            List<TaskRequest> requests = new ArrayList<>();
            for (int i = 0; i < 90; i++) {
                requests.add(TaskRequest.of("export", Map.of("customer", i < 60 ? "big" : "c" + i % 10)));
            }
            client.submitAll(requests);
            await().atMost(Duration.ofSeconds(90)).until(() -> rows.count("SUCCESS") == 90);

            assertThat(rows.jdbc().queryForObject("SELECT max_running_per_key FROM system_async_task_type "
                    + "WHERE task_type = 'export'", Integer.class)).as("the cap as fleet state").isEqualTo(PER_KEY);
            assertThat(rows.jdbc().queryForObject("SELECT COUNT(DISTINCT task_key) FROM system_async_task", Long.class))
                    .as("keys taken from the payload").isEqualTo(11);
            assertThat(audit.claims()).isEqualTo(90);
            assertThat(audit.claimsOver("export", PER_KEY)).isEmpty();
            assertThat(audit.mostLeased("export")).as("the cap was reached").isEqualTo(PER_KEY);
        } finally {
            audit.uninstall();
        }
    }

    @Test
    void shortKeyedTasksAreClaimedAheadOfTheSlotsWithinEachKeysCap() {
        KeyAudit audit = new KeyAudit(rows.jdbc());
        audit.install();
        try {
            AsyncTaskWorker worker = workers.start("w1", settings -> settings.slots(2), exports(0));
            AsyncTaskClient client = clientOf(List.of(worker));
            List<TaskRequest> requests = new ArrayList<>();
            for (int i = 0; i < 600; i++) {
                requests.add(TaskRequest.of("export", Map.of("customer", "c" + i % 100)));
            }
            client.submitAll(requests);
            await().atMost(Duration.ofSeconds(90)).until(() -> rows.count("SUCCESS") == 600);

            assertThat(workers.meters.get("async.task.claim.batch.size").summary().max())
                    .as("largest claim, with 2 slots").isGreaterThan(2);
            assertThat(audit.claims()).isEqualTo(600);
            assertThat(audit.claimsOver("export", PER_KEY)).isEmpty();
        } finally {
            audit.uninstall();
        }
    }

    private AsyncTaskClient clientOf(List<AsyncTaskWorker> fleet) {
        return new DefaultAsyncTaskClient(MyBatisStores.create(db.dataSource()).taskStore(),
                TestWorkers.CODEC, Clock.systemUTC(), types -> fleet.forEach(w -> w.tasksSubmitted(types)),
                ClientMetrics.NONE, () -> fleet.get(0).policies(), AfterCommit.IMMEDIATELY);
    }

    private static RecordingHandler<Object> exports(long pauseMillis) {
        return new RecordingHandler<>("export", Object.class, (context, payload) -> pause(pauseMillis)) {
            @Override
            public TaskPolicy policy() {
                return TaskPolicy.builder().keyField("customer").keyConcurrency(PER_KEY).build();
            }
        };
    }

    private static TaskResult pause(long millis) throws InterruptedException {
        Thread.sleep(millis);
        return TaskResult.success();
    }
}
