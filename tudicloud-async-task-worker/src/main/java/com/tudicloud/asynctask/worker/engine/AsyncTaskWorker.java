package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.WorkerRegistry;
import com.tudicloud.asynctask.api.spi.PayloadCodec;
import com.tudicloud.asynctask.api.spi.TaskSubmissionListener;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import com.tudicloud.asynctask.worker.WorkerConfig;
import com.tudicloud.asynctask.worker.WorkerIds;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.client.JacksonPayloadCodec;
import tools.jackson.databind.json.JsonMapper;
import com.tudicloud.asynctask.worker.maintenance.Batches;
import com.tudicloud.asynctask.worker.maintenance.LeaseRecoverer;
import com.tudicloud.asynctask.worker.maintenance.MaintenanceService;
import com.tudicloud.asynctask.worker.policy.TaskPolicyResolver;
import com.tudicloud.asynctask.worker.policy.TaskTypePolicies;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * One worker instance: the poll, heartbeat, recovery and watchdog loops, a
 * completion writer, and a bounded pool of slots, started and stopped with the application.
 * Claimed tasks may wait a short while for a slot when tasks are short (see {@link ExecutionPace}).
 *
 * <p>Stopping is graceful: no more claims; running tasks get the shutdown timeout to finish while
 * their leases are still renewed; those still running then are interrupted and handed back to the
 * queue at once, instead of waiting for their leases to expire.
 */
public final class AsyncTaskWorker implements TaskSubmissionListener {

    private static final Logger log = LoggerFactory.getLogger(AsyncTaskWorker.class);
    private static final Duration MIN_WATCHDOG_PERIOD = Duration.ofMillis(10);
    private static final Duration MAX_WATCHDOG_PERIOD = Duration.ofSeconds(1);
    /** A handler still running this long (at least) after its interrupt is abandoned as ignoring it. */
    private static final Duration MIN_INTERRUPT_GRACE = Duration.ofSeconds(2);

    private final WorkerConfig config;
    private final String workerId;
    private final LeaseStore store;
    private final WorkerRegistry registry;
    private final FleetSettings fleetSettings;
    private final HandlerRegistry handlers;
    private final TaskTypePolicies policies;
    private final PayloadCodec codec;
    private final AsyncTaskMetrics metrics;
    private final WorkerVitals vitals = new WorkerVitals();
    private final Object lifecycleMonitor = new Object();

    private volatile Running running;

    /** The parts that live from start to stop. */
    private record Running(ActiveExecutions active, TaskPoller poller, Thread pollerThread, CompletionWriter writer,
                           Thread writerThread, WorkerRegistration registration, SlotDispatcher dispatcher,
                           ExecutorService slotThreads,
                           List<MaintenanceService> services, PollWaiter waiter, TaskRunner runner) {
    }

    private AsyncTaskWorker(Builder builder) {
        this.config = builder.config;
        this.workerId = config.workerId();
        this.store = builder.store;
        this.registry = builder.registry;
        this.fleetSettings = builder.fleetSettings;
        this.handlers = new HandlerRegistry(builder.handlers);
        this.policies = builder.policies != null ? builder.policies
                : TaskPolicyResolver.resolve(config, Map.of(), builder.handlers);
        this.codec = builder.codec != null ? builder.codec : new JacksonPayloadCodec(JsonMapper.builder().build());
        this.metrics = builder.metrics;
        metrics.bindWorker(this::activeTasks, this::runningHandlers, this::freeSlots, handlers.taskTypes());
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
            if (running != null) {
                return;
            }
            running = startParts();
        }
        log.info("Async task worker {} started: types={}, slots={}, lease-timeout={}, heartbeat-interval={}, "
                        + "recovery-interval={}", workerId, handlers.taskTypes(), config.slots(),
                config.leaseTimeout(), config.heartbeatInterval(), config.recoveryInterval());
    }

    private Running startParts() {
        PollWaiter waiter = new PollWaiter();
        int slots = config.slots();
        ActiveExecutions active = new ActiveExecutions(slots * (1 + ExecutionPace.MAX_PREFETCH_PER_SLOT), waiter::executionEnded);
        ExecutionPace pace = new ExecutionPace(slots, config.prefetchWindow());
        CompletionWriter writer = new CompletionWriter(workerId, store, active, config.completionBatchSize(), metrics);
        StorableValues values = new StorableValues(store::limits, metrics);
        ExecutionOutcomes outcomes = new ExecutionOutcomes(policies, () -> ThreadLocalRandom.current().nextDouble(),
                values);
        TaskRunner runner = new TaskRunner(handlers, codec, outcomes, writer, metrics, pace);
        // as many threads as running handlers: the slots bound them, and a thread lost to an abandoned handler is replaced
        ExecutorService slotThreads = Executors.newCachedThreadPool(new NamedThreads("async-task-slot"));
        SlotDispatcher dispatcher = new SlotDispatcher(slots, slotThreads, runner::run);
        FleetLimits limits = new FleetLimits(fleetSettings, handlers.taskTypes(),
                new ConcurrencyLimits(config.globalLimit(), declaredTypeLimits()),
                config.limitsRefreshInterval(), System::nanoTime);
        Duration registryInterval = config.registryRefreshInterval();
        WorkerRegistration registration = new WorkerRegistration(registry, workerId, WorkerIds.hostName(),
                handlers.taskTypes(), config.slots(), registryInterval, System::nanoTime);
        registration.started();
        IdleProbe probe = new IdleProbe(store, registration, active::size);
        PausedTypes paused = new PausedTypes(fleetSettings, handlers.taskTypes(), config.pollInterval(), System::nanoTime);
        TaskPoller poller = new TaskPoller(workerId, store, handlers.taskTypes(), limits, paused, slots, active, pace,
                waiter, dispatcher, metrics, vitals, config.leaseTimeout(), config.pollInterval(), values,
                probe);
        LeaseHeartbeat heartbeat = new LeaseHeartbeat(workerId, store, active, config.leaseTimeout(), metrics);
        LeaseRecoverer recoverer = new LeaseRecoverer(workerId, store, () -> probe.mayHaveExpiredLeases(poller.isIdle()),
                new Batches(config.recoveryBatchSize(), config.recoveryMaxBatches(),
                        config.recoveryBatchPause()), config.recoveryInterval(), metrics);
        Duration heartbeatInterval = config.heartbeatInterval();
        ExecutionWatchdog watchdog = new ExecutionWatchdog(active, policies,
                heartbeatInterval.dividedBy(2), interruptGrace(), metrics, runner, dispatcher);

        // each loop on its own thread: a slow recovery or a hung connection must not delay a heartbeat
        List<MaintenanceService> services = List.of(
                MaintenanceService.every("async-task-heartbeat", heartbeatInterval, () -> {
                    if (heartbeat.beat()) {
                        vitals.heartbeatSucceeded();
                    } else {
                        vitals.heartbeatFailed();
                    }
                }),
                // apart from the heartbeat, and less often: the registry is for people, a heartbeat round for leases
                MaintenanceService.every("async-task-registry", registryInterval,
                        () -> registration.refreshRound(active.size(), poller.isIdle())),
                recoverer,
                MaintenanceService.every("async-task-watchdog", clamp(heartbeatInterval.dividedBy(4)), watchdog::check));
        services.forEach(MaintenanceService::start);

        Thread writerThread = new NamedThreads("async-task-completions").newThread(writer::runUntilInterrupted);
        Thread pollerThread = new NamedThreads("async-task-poller").newThread(poller::runUntilStopped);
        writerThread.start();
        pollerThread.start();
        return new Running(active, poller, pollerThread, writer, writerThread, registration, dispatcher, slotThreads,
                services, waiter, runner);
    }

    /**
     * The fleet caps this worker writes when it starts: {@code type-limits}, and the concurrency limit of each
     * of its types' policies (the two agree where both name a type).
     */
    private Map<String, Integer> declaredTypeLimits() {
        Map<String, Integer> limits = new LinkedHashMap<>(config.typeLimits());
        policies.byType().forEach((type, policy) -> policy.concurrencyLimit().ifPresent(limit -> limits.put(type, limit)));
        return limits;
    }

    public void stop() {
        Running parts;
        synchronized (lifecycleMonitor) {
            parts = running;
            running = null;
        }
        if (parts == null) {
            return;
        }
        log.info("Async task worker {} stopping: {} tasks running", workerId, parts.active().size());
        parts.poller().stop();
        parts.pollerThread().interrupt();
        join(parts.pollerThread());

        // claimed tasks still waiting for a slot are handed back at once, unstarted
        for (TaskExecution waiting : parts.dispatcher().takeWaiting()) {
            waiting.requestStop(StopReason.SHUTDOWN);
            parts.runner().run(waiting);
        }
        // running executions go on, their leases renewed, until they end or the shutdown timeout runs out
        parts.slotThreads().shutdown();
        if (!awaitTermination(parts.slotThreads(), config.shutdownTimeout())) {
            List<TaskExecution> leftOver = parts.active().running();
            log.warn("Async task worker {}: {} tasks still running after {}; interrupting them and handing them back",
                    workerId, leftOver.size(), config.shutdownTimeout());
            leftOver.forEach(execution -> {
                if (execution.requestStop(StopReason.SHUTDOWN)) {
                    metrics.stopped(execution.task().taskType(), "shutdown");
                }
            });
            if (!awaitTermination(parts.slotThreads(), interruptGrace())) {
                parts.active().running().forEach(parts.runner()::abandon);
            }
        }

        // every runner that returned has handed its outcome to the writer: write them, then stop
        parts.writerThread().interrupt();
        join(parts.writerThread());
        parts.services().forEach(MaintenanceService::stop);
        parts.slotThreads().shutdownNow();
        parts.registration().stopped();
        int abandoned = parts.active().size();
        if (abandoned > 0) {
            log.warn("Async task worker {} stopped with {} tasks not handed back (a handler did not return, or its "
                    + "outcome could not be written); their leases will expire and another worker will recover them",
                    workerId, abandoned);
        } else {
            log.info("Async task worker {} stopped", workerId);
        }
    }

    public boolean isRunning() {
        return running != null;
    }

    @Override
    public void tasksSubmitted(Set<String> dueTaskTypes) {
        Running parts = running;
        if (parts != null && !Collections.disjoint(dueTaskTypes, handlers.taskTypes())) {
            parts.waiter().workSubmitted();
        }
    }

    public String workerId() {
        return workerId;
    }

    /** Tasks this worker holds a lease on right now (running, waiting for a slot, or with an outcome waiting to be written). */
    public int activeTasks() {
        Running parts = running;
        return parts == null ? 0 : parts.active().size();
    }

    /** When the loops last reached the database. */
    public WorkerVitals.Snapshot vitals() {
        return vitals.snapshot();
    }

    public WorkerConfig config() {
        return config;
    }

    /** The policy each task type runs under here. */
    public TaskTypePolicies policies() {
        return policies;
    }

    /** Handlers running on the slots right now; 0 while stopped. */
    public int runningHandlers() {
        Running parts = running;
        return parts == null ? 0 : config.slots() - parts.dispatcher().freeSlots();
    }

    /** Slots free for claims right now; 0 while stopped. */
    public int freeSlots() {
        Running parts = running;
        return parts == null ? 0 : parts.dispatcher().freeSlots();
    }

    /** Outcomes the database refused because this worker no longer held the lease, since start. */
    public long rejectedWrites() {
        Running parts = running;
        return parts == null ? 0 : parts.writer().rejectedWrites();
    }

    private static boolean awaitTermination(ExecutorService executor, Duration timeout) {
        try {
            return executor.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static void join(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Twice the heartbeat interval, at least two seconds: time enough for a well-behaved handler to notice. */
    private Duration interruptGrace() {
        Duration twoHeartbeats = config.heartbeatInterval().multipliedBy(2);
        return twoHeartbeats.compareTo(MIN_INTERRUPT_GRACE) >= 0 ? twoHeartbeats : MIN_INTERRUPT_GRACE;
    }

    private static Duration clamp(Duration period) {
        if (period.compareTo(MIN_WATCHDOG_PERIOD) < 0) {
            return MIN_WATCHDOG_PERIOD;
        }
        return period.compareTo(MAX_WATCHDOG_PERIOD) > 0 ? MAX_WATCHDOG_PERIOD : period;
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

        public AsyncTaskWorker build() {
            return new AsyncTaskWorker(this);
        }
    }
}
