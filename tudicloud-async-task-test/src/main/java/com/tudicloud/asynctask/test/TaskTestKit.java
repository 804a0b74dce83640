package com.tudicloud.asynctask.test;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.spi.PayloadCodec;
import com.tudicloud.asynctask.client.AfterCommit;
import com.tudicloud.asynctask.client.ClientMetrics;
import com.tudicloud.asynctask.client.DefaultAsyncTaskClient;
import com.tudicloud.asynctask.client.JacksonPayloadCodec;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.worker.WorkerConfig;
import com.tudicloud.asynctask.worker.engine.AsyncTaskWorker;
import com.tudicloud.asynctask.worker.engine.ManualWorker;
import tools.jackson.databind.json.JsonMapper;

import javax.sql.DataSource;
import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * Tasks in a test, on the service's real database or an H2 one in MySQL mode: a client that submits, a worker
 * that runs the due tasks in the test's own thread when told to ({@link ManualWorker#runDue()},
 * {@link ManualWorker#drain}), and assertions on a task and its history ({@link #assertThatTask}).
 *
 * <pre>{@code
 * TaskTestKit kit = TaskTestKit.on(dataSource, new ExportHandler(exports));
 * long id = kit.client().submit(TaskRequest.of("report.export", new ExportRequest(7, 2))).taskId();
 * kit.worker().runDue();
 * kit.assertThatTask(id).succeededWith("exports/order-7.csv");
 * }</pre>
 *
 * The stores record every task event, so that a task's whole history can be asserted. The worker runs only
 * its handlers' task types, under the same claims, leases and policies as a started one.
 */
public final class TaskTestKit {

    private final AsyncTaskClient client;
    private final ManualWorker worker;
    private final TaskAssert.Reader reader;

    private TaskTestKit(AsyncTaskClient client, ManualWorker worker, TaskAssert.Reader reader) {
        this.client = client;
        this.worker = worker;
        this.reader = reader;
    }

    /**
     * A kit on {@code dataSource} whose worker runs {@code handlers} with the default settings. A database
     * without the async-task tables gets them from the shipped Liquibase changelog, when Liquibase is on the
     * class path; without it the kit says what to apply.
     */
    public static TaskTestKit on(DataSource dataSource, TaskHandler<?>... handlers) {
        return on(dataSource, WorkerConfig.builder().build(), handlers);
    }

    /** {@link #on(DataSource, TaskHandler[])} with the worker's settings, e.g. a shorter retry backoff. */
    public static TaskTestKit on(DataSource dataSource, WorkerConfig config, TaskHandler<?>... handlers) {
        Objects.requireNonNull(dataSource, "dataSource");
        Objects.requireNonNull(config, "config");
        if (handlers.length == 0) {
            throw new IllegalArgumentException("a TaskTestKit needs at least one handler: its worker runs their task types");
        }
        MyBatisStores stores = MyBatisStores.create(dataSource);
        KitSchema.ensure(dataSource, stores.schemaCheck());
        PayloadCodec codec = new JacksonPayloadCodec(JsonMapper.builder().build());
        ManualWorker worker = AsyncTaskWorker.builder(stores.leaseStore(), stores.workerRegistry(), stores.fleetSettings())
                .config(config).handlers(List.of(handlers)).codec(codec).buildManual();
        AsyncTaskClient client = new DefaultAsyncTaskClient(stores.taskStore(), codec, Clock.systemUTC(),
                dueTypes -> { }, ClientMetrics.NONE, worker::policies, AfterCommit.IMMEDIATELY);
        return new TaskTestKit(client, worker, new TaskAssert.Reader(client, stores.adminStore()));
    }

    /** Submits, reads and cancels tasks, under the policies of the kit's handlers. */
    public AsyncTaskClient client() {
        return client;
    }

    /** Runs the due tasks of the kit's task types in the calling thread: nothing runs until it is told to. */
    public ManualWorker worker() {
        return worker;
    }

    /** Assertions on the task as it is when each one is checked. */
    public TaskAssert assertThatTask(long taskId) {
        return new TaskAssert(taskId, reader);
    }
}
