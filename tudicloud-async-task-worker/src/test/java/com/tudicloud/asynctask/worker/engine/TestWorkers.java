package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.client.ClientMetrics;
import com.tudicloud.asynctask.client.DefaultAsyncTaskClient;
import com.tudicloud.asynctask.client.JacksonPayloadCodec;
import com.tudicloud.asynctask.client.MicrometerClientMetrics;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import com.tudicloud.asynctask.worker.WorkerConfig;
import com.tudicloud.asynctask.worker.metrics.MicrometerAsyncTaskMetrics;
import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import tools.jackson.databind.json.JsonMapper;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Worker instances for tests, each with a connection pool of its own as a separate process would
 * have, with short test timings. Registered as an extension, it empties the table before each test
 * and stops every worker after it.
 */
final class TestWorkers implements BeforeEachCallback, AfterEachCallback {

    static final JacksonPayloadCodec CODEC = new JacksonPayloadCodec(JsonMapper.builder().build());

    private final TestDatabase db;
    /** Every worker and client of a test reports here, as the beans of one application would. */
    final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final AsyncTaskMetrics metrics = new MicrometerAsyncTaskMetrics(meters);
    private final ClientMetrics clientMetrics = new MicrometerClientMetrics(meters);
    private final List<AsyncTaskWorker> workers = new ArrayList<>();
    private final List<HikariDataSource> pools = new ArrayList<>();

    TestWorkers(TestDatabase db) {
        this.db = db;
    }

    /** Lease 2 s, heartbeat and registry refresh 300 ms, recovery 500 ms, poll 50 ms, 4 slots, retries from 50 ms. */
    static WorkerConfig.Builder fastSettings() {
        return WorkerConfig.builder().leaseTimeout(Duration.ofSeconds(2)).heartbeatInterval(Duration.ofMillis(300))
                .registryRefreshInterval(Duration.ofMillis(300)).recoveryInterval(Duration.ofMillis(500))
                .pollInterval(Duration.ofMillis(50)).slots(4).initialBackoff(Duration.ofMillis(50))
                .maxBackoff(Duration.ofMillis(500)).shutdownTimeout(Duration.ofSeconds(5));
    }

    AsyncTaskWorker start(String workerId, Consumer<WorkerConfig.Builder> tuning, TaskHandler<?>... handlers) {
        return start(workerId, tuning, store -> store, List.of(handlers));
    }

    /** @param storeAround wraps the worker's store, e.g. to cut it off from the database for a while */
    AsyncTaskWorker start(String workerId, Consumer<WorkerConfig.Builder> tuning,
                          UnaryOperator<LeaseStore> storeAround, List<TaskHandler<?>> handlers) {
        WorkerConfig.Builder settings = fastSettings().workerId(workerId);
        tuning.accept(settings);
        HikariDataSource pool = db.newDataSource(4);
        pools.add(pool);
        MyBatisStores stores = MyBatisStores.create(pool);
        AsyncTaskWorker worker = AsyncTaskWorker.builder(storeAround.apply(stores.leaseStore()), stores.workerRegistry(),
                stores.fleetSettings()).config(settings.build()).handlers(handlers).codec(CODEC).metrics(metrics).build();
        workers.add(worker);
        worker.start();
        return worker;
    }

    AsyncTaskWorker start(String workerId, TaskHandler<?>... handlers) {
        return start(workerId, settings -> { }, handlers);
    }

    /** A client on the shared pool that wakes the given workers, as one in their JVM would. */
    AsyncTaskClient client(AsyncTaskWorker... wakes) {
        return client(Clock.systemUTC(), wakes);
    }

    AsyncTaskClient client(Clock clock, AsyncTaskWorker... wakes) {
        return new DefaultAsyncTaskClient(MyBatisStores.create(db.dataSource()).taskStore(), CODEC,
                clock, types -> List.of(wakes).forEach(w -> w.tasksSubmitted(types)), clientMetrics);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        db.deleteAllTasks();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        stopAll();
    }

    /** Stops every worker started so far and closes their pools. */
    void stopAll() {
        workers.forEach(AsyncTaskWorker::stop);
        pools.forEach(HikariDataSource::close);
        workers.clear();
        pools.clear();
    }
}
