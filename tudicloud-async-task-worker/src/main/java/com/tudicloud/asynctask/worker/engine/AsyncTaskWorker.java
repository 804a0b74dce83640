package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.PayloadCodec;
import com.tudicloud.asynctask.api.spi.TaskSubmissionListener;
import com.tudicloud.asynctask.api.spi.WorkerRegistry;
import com.tudicloud.asynctask.client.JacksonPayloadCodec;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import com.tudicloud.asynctask.worker.WorkerConfig;
import com.tudicloud.asynctask.worker.policy.TaskPolicyResolver;
import com.tudicloud.asynctask.worker.policy.TaskTypePolicies;
import io.micrometer.observation.ObservationRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One worker instance: the poll, heartbeat, recovery and watchdog loops, a completion writer, and a bounded
 * pool of slots, from {@link #start()} to {@link #stop()}. Claimed tasks may wait a short while for a slot
 * when tasks are short (see {@link ExecutionPace}).
 *
 * <p>Stopping is graceful: no more claims; running tasks get the shutdown timeout to finish while
 * their leases are still renewed; those still running then are interrupted and handed back to the
 * queue at once, instead of waiting for their leases to expire.
 */
public final class AsyncTaskWorker implements TaskSubmissionListener {

    private static final Logger log = LoggerFactory.getLogger(AsyncTaskWorker.class);

    private final WorkerSetup setup;
    private final Object lifecycleMonitor = new Object();
    private volatile WorkerRun run;

    private AsyncTaskWorker(WorkerSetup setup) {
        this.setup = setup;
        setup.metrics().bindWorker(this::activeTasks, this::runningHandlers, this::freeSlots,
                setup.handlers().taskTypes());
    }

    /**
     * A worker on these stores, which runs nothing until {@link #start()}. Its task types are its handlers'
     * ({@link Builder#handlers}).
     */
    public static Builder builder(LeaseStore store, WorkerRegistry registry, FleetSettings fleetSettings) {
        return new Builder(store, registry, fleetSettings);
    }

    public void start() {
        synchronized (lifecycleMonitor) {
            if (run != null) {
                return;
            }
            run = WorkerRun.start(setup);
        }
        WorkerConfig config = setup.config();
        log.info("Async task worker {} started: types={}, slots={}, lease-timeout={}, heartbeat-interval={}, "
                        + "recovery-interval={}", workerId(), setup.handlers().taskTypes(), config.slots(),
                config.leaseTimeout(), config.heartbeatInterval(), config.recoveryInterval());
    }

    public void stop() {
        WorkerRun stopping;
        synchronized (lifecycleMonitor) {
            stopping = run;
            run = null;
        }
        if (stopping != null) {
            stopping.stop();
        }
    }

    public boolean isRunning() {
        return run != null;
    }

    @Override
    public void tasksSubmitted(Set<String> dueTaskTypes) {
        WorkerRun current = run;
        if (current != null && !Collections.disjoint(dueTaskTypes, setup.handlers().taskTypes())) {
            current.workSubmitted();
        }
    }

    public String workerId() {
        return setup.workerId();
    }

    /** Tasks this worker holds a lease on right now (running, waiting for a slot, or with an outcome waiting to be written). */
    public int activeTasks() {
        WorkerRun current = run;
        return current == null ? 0 : current.activeTasks();
    }

    /** When the loops last reached the database. */
    public WorkerVitals.Snapshot vitals() {
        return setup.vitals().snapshot();
    }

    public WorkerConfig config() {
        return setup.config();
    }

    /** The policy each task type runs under here. */
    public TaskTypePolicies policies() {
        return setup.policies();
    }

    /** Handlers running on the slots right now; 0 while stopped. */
    public int runningHandlers() {
        WorkerRun current = run;
        return current == null ? 0 : setup.config().slots() - current.freeSlots();
    }

    /** Slots free for claims right now; 0 while stopped. */
    public int freeSlots() {
        WorkerRun current = run;
        return current == null ? 0 : current.freeSlots();
    }

    /** Outcomes the database refused because this worker no longer held the lease, since start. */
    public long rejectedWrites() {
        WorkerRun current = run;
        return current == null ? 0 : current.rejectedWrites();
    }

    /** What a worker runs on; each setting left out has the default its method names. */
    public static final class Builder {

        private final LeaseStore store;
        private final WorkerRegistry registry;
        private final FleetSettings fleetSettings;
        private WorkerConfig config = WorkerConfig.builder().build();
        private List<TaskHandler<?>> handlers = List.of();
        private TaskTypePolicies policies;
        private PayloadCodec codec;
        private AsyncTaskMetrics metrics = AsyncTaskMetrics.NONE;
        private ObservationRegistry observations = ObservationRegistry.NOOP;

        private Builder(LeaseStore store, WorkerRegistry registry, FleetSettings fleetSettings) {
            this.store = Objects.requireNonNull(store, "store");
            this.registry = Objects.requireNonNull(registry, "registry");
            this.fleetSettings = Objects.requireNonNull(fleetSettings, "fleetSettings");
        }

        /** The worker's settings; the defaults unless given. */
        public Builder config(WorkerConfig config) {
            this.config = Objects.requireNonNull(config, "config");
            return this;
        }

        /** The handlers it runs, one per task type; none makes a worker that only recovers leases. */
        public Builder handlers(Collection<? extends TaskHandler<?>> handlers) {
            this.handlers = List.copyOf(handlers);
            return this;
        }

        /** Each task type's policy; unless given, its handler's over the config's defaults. */
        public Builder policies(TaskTypePolicies policies) {
            this.policies = policies;
            return this;
        }

        /** How payloads are read; unless given, Jackson with its defaults. */
        public Builder codec(PayloadCodec codec) {
            this.codec = codec;
            return this;
        }

        /** Where it reports; nowhere unless given. */
        public Builder metrics(AsyncTaskMetrics metrics) {
            this.metrics = Objects.requireNonNull(metrics, "metrics");
            return this;
        }

        /**
         * Where each execution, claim, renewal and completion batch is observed; none unless given. An execution
         * continues the trace context its task was submitted with when a tracing handler is registered.
         */
        public Builder observations(ObservationRegistry observations) {
            this.observations = Objects.requireNonNull(observations, "observations (ObservationRegistry.NOOP for none)");
            return this;
        }

        public AsyncTaskWorker build() {
            return new AsyncTaskWorker(setup());
        }

        /** A worker that runs nothing by itself: its caller runs the due tasks in its own thread. */
        public ManualWorker buildManual() {
            return new ManualWorker(setup());
        }

        private WorkerSetup setup() {
            TaskTypePolicies resolved = policies != null ? policies
                    : TaskPolicyResolver.resolve(config, Map.of(), handlers);
            PayloadCodec payloads = codec != null ? codec : new JacksonPayloadCodec(JsonMapper.builder().build());
            return new WorkerSetup(config, store, registry, fleetSettings, new HandlerRegistry(handlers), resolved,
                    payloads, metrics, new WorkerVitals(), observations);
        }
    }
}
