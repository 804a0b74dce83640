package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.client.AfterCommit;
import com.tudicloud.asynctask.client.ClientMetrics;
import com.tudicloud.asynctask.client.DefaultAsyncTaskClient;
import com.tudicloud.asynctask.client.JacksonPayloadCodec;
import com.tudicloud.asynctask.client.TaskTypeDefaults;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.tudicloud.asynctask.worker.WorkerConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The engine and the client as a plain Java program uses them: a DataSource, the builders, no Spring context. */
class PlainJavaWorkerTest {

    record Greeting(String name) {
    }

    @Test
    void aWorkerBuiltFromADataSourceRunsWhatAClientSubmits() {
        TestDatabase db = TestDatabase.get();
        db.deleteAllTasks();
        try (HikariDataSource dataSource = db.newDataSource(4)) {
            MyBatisStores stores = MyBatisStores.create(dataSource);
            var greeter = new RecordingHandler<>("plain.greet", Greeting.class,
                    (context, greeting) -> TaskResult.success("hello " + greeting.name()));
            AsyncTaskWorker worker = AsyncTaskWorker.builder(stores.leaseStore(), stores.workerRegistry(),
                            stores.fleetSettings())
                    .config(WorkerConfig.builder().slots(2).pollInterval(Duration.ofMillis(100)).build())
                    .handlers(List.of(greeter))
                    .build();
            AsyncTaskClient client = new DefaultAsyncTaskClient(stores.taskStore(),
                    new JacksonPayloadCodec(JsonMapper.builder().build()), Clock.systemUTC(), worker, ClientMetrics.NONE,
                    worker::policies, AfterCommit.IMMEDIATELY);
            worker.start();
            try {
                long id = client.submit(TaskRequest.of("plain.greet", new Greeting("ada"))).taskId();

                await().atMost(Duration.ofSeconds(20)).until(() -> client.get(id).orElseThrow().status() == TaskStatus.SUCCESS);
                assertThat(client.get(id).orElseThrow().artifactId()).isEqualTo("hello ada");
                assertThat(worker.policies()).isInstanceOf(TaskTypeDefaults.class);
            } finally {
                worker.stop();
            }
        }
    }
}
