package com.tudicloud.asynctask.benchmark.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.spi.TaskEventMode;
import com.tudicloud.asynctask.client.AfterCommit;
import com.tudicloud.asynctask.client.ClientMetrics;
import com.tudicloud.asynctask.client.DefaultAsyncTaskClient;
import com.tudicloud.asynctask.client.JacksonPayloadCodec;
import com.tudicloud.asynctask.client.TaskTypeDefaults;
import com.tudicloud.asynctask.api.spi.TaskSubmissionListener;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.worker.WorkerConfig;
import com.tudicloud.asynctask.worker.engine.AsyncTaskWorker;
import io.micrometer.observation.ObservationRegistry;
import tools.jackson.databind.json.JsonMapper;

import javax.sql.DataSource;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * The framework wired by hand on one pool, as its Spring Boot auto-configuration would wire it in a
 * service (MyBatisStores on the DataSource, a worker, a client), with the worker's store timed.
 */
public final class BenchEngine {

    private static final JacksonPayloadCodec CODEC = new JacksonPayloadCodec(JsonMapper.builder().build());

    private final MyBatisStores stores;
    private final MeasuringLeaseStore leaseStore;

    public BenchEngine(DataSource pool) {
        this(pool, TaskEventMode.DEFAULT);
    }

    public BenchEngine(DataSource pool, TaskEventMode eventMode) {
        this.stores = MyBatisStores.create(pool, eventMode);
        this.leaseStore = new MeasuringLeaseStore(stores.leaseStore());
    }

    public AsyncTaskWorker worker(String workerId, WorkerConfig.Builder settings, List<TaskHandler<?>> handlers) {
        return worker(workerId, settings, handlers, ObservationRegistry.NOOP);
    }

    /** A worker observed through {@code observations}. */
    public AsyncTaskWorker worker(String workerId, WorkerConfig.Builder settings, List<TaskHandler<?>> handlers,
                                  ObservationRegistry observations) {
        return AsyncTaskWorker.builder(leaseStore, stores.workerRegistry(), stores.fleetSettings())
                .config(settings.workerId(workerId).build()).handlers(handlers).codec(CODEC)
                .observations(observations).build();
    }

    /** A client whose submissions wake {@code localWorkers} after commit, as in one service's JVM. */
    public AsyncTaskClient client(TaskSubmissionListener localWorkers) {
        return client(localWorkers, ObservationRegistry.NOOP);
    }

    /** A client with no worker in its JVM. */
    public AsyncTaskClient client() {
        return client(types -> { });
    }

    /** A client with no worker in its JVM, its submits observed through {@code observations}. */
    public AsyncTaskClient client(ObservationRegistry observations) {
        return client(types -> { }, observations);
    }

    private AsyncTaskClient client(TaskSubmissionListener localWorkers, ObservationRegistry observations) {
        return new DefaultAsyncTaskClient(stores.taskStore(), stores.batchStore(), CODEC, Clock.systemUTC(), localWorkers,
                ClientMetrics.NONE, () -> TaskTypeDefaults.NONE, AfterCommit.IMMEDIATELY, observations);
    }

    public MeasuringLeaseStore leaseStore() {
        return leaseStore;
    }

    /** The default settings of docs/configuration.md. */
    public static WorkerConfig.Builder defaults() {
        return WorkerConfig.builder();
    }

    /** The default settings with the given slots and poll interval. */
    public static WorkerConfig.Builder settings(int slots, Duration pollInterval) {
        return defaults().slots(slots).pollInterval(pollInterval);
    }
}
