package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskPolicy;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
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

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A fair type, declared by its handler's policy, from submit to claim: the worker writes it as fleet state when it
 * starts, and two workers drain a big key's burst submitted before the small keys' tasks without the burst going
 * first.
 */
class FairFleetTest {

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    @RegisterExtension
    final TestWorkers workers = new TestWorkers(db);

    @Test
    void twoWorkersRunTheSmallKeysWhileTheBigKeysBurstWaits() {
        List<AsyncTaskWorker> fleet = List.of(
                workers.start("w1", settings -> settings.slots(2), exports()),
                workers.start("w2", settings -> settings.slots(2), exports()));
        AsyncTaskClient client = new DefaultAsyncTaskClient(MyBatisStores.create(db.dataSource()).taskStore(),
                TestWorkers.CODEC, Clock.systemUTC(), types -> fleet.forEach(w -> w.tasksSubmitted(types)),
                ClientMetrics.NONE, () -> fleet.get(0).policies(), AfterCommit.IMMEDIATELY);
        List<TaskRequest> burst = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            burst.add(TaskRequest.of("export", Map.of("customer", "big")));
        }
        client.submitAll(burst);
        List<TaskRequest> small = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            small.add(TaskRequest.of("export", Map.of("customer", "c%02d".formatted(i))));
        }
        client.submitAll(small);
        await().atMost(Duration.ofSeconds(90)).until(() -> rows.count("SUCCESS") == 320);

        assertThat(rows.jdbc().queryForObject("SELECT fair_claims FROM system_async_task_type WHERE task_type = 'export'",
                Boolean.class)).as("fair as fleet state").isTrue();
        assertThat(finished("MAX", "c%")).as("the small keys ran while the big key's burst waited")
                .isBefore(finished("MAX", "big"));
    }

    private java.sql.Timestamp finished(String which, String keyPattern) {
        return rows.jdbc().queryForObject("SELECT " + which + "(finished_at) FROM system_async_task WHERE task_key LIKE ?",
                java.sql.Timestamp.class, keyPattern);
    }

    private static RecordingHandler<Object> exports() {
        return new RecordingHandler<>("export", Object.class, (context, payload) -> {
            Thread.sleep(2);
            return TaskResult.success();
        }) {
            @Override
            public TaskPolicy policy() {
                return TaskPolicy.builder().keyField("customer").fair(true).build();
            }
        };
    }
}
