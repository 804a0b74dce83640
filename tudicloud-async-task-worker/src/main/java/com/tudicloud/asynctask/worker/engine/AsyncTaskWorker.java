package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.WorkerRegistry;
import com.tudicloud.asynctask.api.spi.PayloadCodec;
import com.tudicloud.asynctask.api.spi.TaskSubmissionListener;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import com.tudicloud.asynctask.worker.AsyncTaskProperties;
import com.tudicloud.asynctask.worker.WorkerSettingsValidator;
import com.tudicloud.asynctask.worker.maintenance.Batches;
import com.tudicloud.asynctask.worker.maintenance.LeaseRecoverer;
import com.tudicloud.asynctask.worker.maintenance.MaintenanceService;
import com.tudicloud.asynctask.worker.policy.TaskPolicyResolver;
import com.tudicloud.asynctask.worker.policy.TaskTypePolicies;
import com.tudicloud.asynctask.worker.policy.TaskTypePolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
public final class AsyncTaskWorker implements SmartLifecycle, TaskSubmissionListener {

    private static final Logger log = LoggerFactory.getLogger(AsyncTaskWorker.class);
    private static final Duration MIN_WATCHDOG_PERIOD = Duration.ofMillis(10);
    private static final Duration MAX_WATCHDOG_PERIOD = Duration.ofSeconds(1);
    /** A handler still running this long (at least) after its interrupt is abandoned as ignoring it. */
    private static final Duration MIN_INTERRUPT_GRACE = Duration.ofSeconds(2);

    private final String workerId;
    private final AsyncTaskProperties.Worker settings;
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

    /** A worker whose task types run under their handlers' policies, with no per-type properties. */
    public AsyncTaskWorker(String workerId, AsyncTaskProperties.Worker settings, LeaseStore store,
                           WorkerRegistry registry, FleetSettings fleetSettings, HandlerRegistry handlers,
                           PayloadCodec codec, AsyncTaskMetrics metrics) {
        this(workerId, settings, store, registry, fleetSettings, handlers,
                TaskPolicyResolver.resolve(settings, Map.of(), handlers.handlers()), codec, metrics);
    }

    /** @param policies the policy of each task type, from {@link TaskPolicyResolver} */
    public AsyncTaskWorker(String workerId, AsyncTaskProperties.Worker settings, LeaseStore store,
                           WorkerRegistry registry, FleetSettings fleetSettings, HandlerRegistry handlers,
                           TaskTypePolicies policies, PayloadCodec codec, AsyncTaskMetrics metrics) {
        WorkerSettingsValidator.validate(settings);
        this.workerId = workerId;
        this.policies = policies;
        this.settings = settings;
        this.store = store;
        this.registry = registry;
        this.fleetSettings = fleetSettings;
        this.handlers = handlers;
        this.codec = codec;
        this.metrics = metrics;
        metrics.bindWorker(this::activeTasks, this::runningHandlers, this::freeSlots, handlers.taskTypes());
    }

    @Override
    public void start() {
        synchronized (lifecycleMonitor) {
            if (running != null) {
                return;
            }
            running = startParts();
        }
        log.info("Async task worker {} started: types={}, slots={}, lease-timeout={}, heartbeat-interval={}, "
                        + "recovery-interval={}", workerId, handlers.taskTypes(), settings.getSlots(),
                settings.getLeaseTimeout(), settings.getHeartbeatInterval(), settings.getRecoveryInterval());
    }

    private Running startParts() {
        PollWaiter waiter = new PollWaiter();
        int slots = settings.getSlots();
        ActiveExecutions active = new ActiveExecutions(slots * (1 + ExecutionPace.MAX_PREFETCH_PER_SLOT), waiter::executionEnded);
        ExecutionPace pace = new ExecutionPace(slots, settings.getPrefetchWindow());
        CompletionWriter writer = new CompletionWriter(workerId, store, active, settings.getCompletionBatchSize(), metrics);
        StorableValues values = new StorableValues(store::limits, metrics);
        ExecutionOutcomes outcomes = new ExecutionOutcomes(policies, () -> ThreadLocalRandom.current().nextDouble(),
                values);
        TaskRunner runner = new TaskRunner(handlers, codec, outcomes, writer, metrics, pace);
        // as many threads as running handlers: the slots bound them, and a thread lost to an abandoned handler is replaced
        ExecutorService slotThreads = Executors.newCachedThreadPool(new NamedThreads("async-task-slot"));
        SlotDispatcher dispatcher = new SlotDispatcher(slots, slotThreads, runner::run);
        FleetLimits limits = new FleetLimits(fleetSettings, handlers.taskTypes(),
                new ConcurrencyLimits(settings.getGlobalLimit(), declaredTypeLimits()),
                settings.getLimitsRefreshInterval(), System::nanoTime);
        Duration registryInterval = settings.getRegistryRefreshInterval();
        WorkerRegistration registration = new WorkerRegistration(registry, workerId, WorkerIds.hostName(),
                handlers.taskTypes(), settings.getSlots(), registryInterval, System::nanoTime);
        registration.started();
        IdleProbe probe = new IdleProbe(store, registration, active::size);
        PausedTypes paused = new PausedTypes(fleetSettings, handlers.taskTypes(), settings.getPollInterval(), System::nanoTime);
        TaskPoller poller = new TaskPoller(workerId, store, handlers.taskTypes(), limits, paused, slots, active, pace,
                waiter, dispatcher, metrics, vitals, settings.getLeaseTimeout(), settings.getPollInterval(), values,
                probe);
        LeaseHeartbeat heartbeat = new LeaseHeartbeat(workerId, store, active, settings.getLeaseTimeout(), metrics);
        LeaseRecoverer recoverer = new LeaseRecoverer(workerId, store, () -> probe.mayHaveExpiredLeases(poller.isIdle()),
                new Batches(settings.getRecoveryBatchSize(), settings.getRecoveryMaxBatches(),
                        settings.getRecoveryBatchPause()), settings.getRecoveryInterval(), metrics);
        Duration heartbeatInterval = settings.getHeartbeatInterval();
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
        Map<String, Integer> limits = new LinkedHashMap<>(settings.getTypeLimits());
        for (TaskTypePolicy policy : policies.byType().values()) {
            if (policy.concurrencyLimit() > 0) {
                limits.put(policy.taskType(), policy.concurrencyLimit());
            }
        }
        return limits;
    }

    @Override
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
        if (!awaitTermination(parts.slotThreads(), settings.effectiveShutdownTimeout())) {
            List<TaskExecution> leftOver = parts.active().running();
            log.warn("Async task worker {}: {} tasks still running after {}; interrupting them and handing them back",
                    workerId, leftOver.size(), settings.effectiveShutdownTimeout());
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

    @Override
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

    public AsyncTaskProperties.Worker settings() {
        return settings;
    }

    /** The policy each task type runs under here. */
    public TaskTypePolicies policies() {
        return policies;
    }

    /** Handlers running on the slots right now; 0 while stopped. */
    public int runningHandlers() {
        Running parts = running;
        return parts == null ? 0 : settings.getSlots() - parts.dispatcher().freeSlots();
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
        Duration twoHeartbeats = settings.getHeartbeatInterval().multipliedBy(2);
        return twoHeartbeats.compareTo(MIN_INTERRUPT_GRACE) >= 0 ? twoHeartbeats : MIN_INTERRUPT_GRACE;
    }

    private static Duration clamp(Duration period) {
        if (period.compareTo(MIN_WATCHDOG_PERIOD) < 0) {
            return MIN_WATCHDOG_PERIOD;
        }
        return period.compareTo(MAX_WATCHDOG_PERIOD) > 0 ? MAX_WATCHDOG_PERIOD : period;
    }
}
