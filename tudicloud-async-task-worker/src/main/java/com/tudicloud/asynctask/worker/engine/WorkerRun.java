package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.RateLimit;
import com.tudicloud.asynctask.worker.WorkerConfig;
import com.tudicloud.asynctask.worker.WorkerIds;
import com.tudicloud.asynctask.worker.maintenance.Batches;
import com.tudicloud.asynctask.worker.maintenance.LeaseRecoverer;
import com.tudicloud.asynctask.worker.maintenance.MaintenanceService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A worker from start to stop: its poller, completion writer, slots and maintenance loops, wired and started
 * together, stopped in the order that hands every task back.
 */
final class WorkerRun {

    private static final Logger log = LoggerFactory.getLogger(WorkerRun.class);
    private static final Duration MIN_WATCHDOG_PERIOD = Duration.ofMillis(10);
    private static final Duration MAX_WATCHDOG_PERIOD = Duration.ofSeconds(1);
    /** A handler still running this long (at least) after its interrupt is abandoned as ignoring it. */
    private static final Duration MIN_INTERRUPT_GRACE = Duration.ofSeconds(2);

    private final WorkerSetup setup;
    private final ActiveExecutions active;
    private final PollWaiter waiter = new PollWaiter();
    private final CompletionWriter writer;
    private final TaskRunner runner;
    private final ExecutorService slotThreads;
    private final SlotDispatcher dispatcher;
    private final WorkerRegistration registration;
    private final TaskPoller poller;
    private final List<MaintenanceService> services;
    private final Thread writerThread;
    private final Thread pollerThread;

    private WorkerRun(WorkerSetup setup) {
        this.setup = setup;
        WorkerConfig config = setup.config();
        int slots = config.slots();
        active = new ActiveExecutions(slots * (1 + ExecutionPace.MAX_PREFETCH_PER_SLOT), waiter::executionEnded);
        ExecutionPace pace = new ExecutionPace(slots, config.prefetchWindow());
        WorkerObservations observations = setup.observations();
        writer = new CompletionWriter(setup.workerId(), setup.store(), active, config.completionBatchSize(),
                setup.metrics(), observations, waiter::workSubmitted);
        StorableValues values = new StorableValues(setup.store()::limits, setup.metrics());
        ExecutionOutcomes outcomes = new ExecutionOutcomes(setup.policies(),
                () -> ThreadLocalRandom.current().nextDouble(), values);
        runner = new TaskRunner(setup.handlers(), setup.codec(), outcomes, writer, setup.metrics(), pace, observations);
        // as many threads as running handlers: the slots bound them, and a thread lost to an abandoned handler is replaced
        slotThreads = Executors.newCachedThreadPool(new NamedThreads("async-task-slot"));
        dispatcher = new SlotDispatcher(slots, slotThreads, runner::run);
        FleetLimits limits = new FleetLimits(setup.fleetSettings(), setup.handlers().taskTypes(),
                new ConcurrencyLimits(config.globalLimit(), declaredTypeLimits(), declaredKeyLimits(),
                        declaredRateLimits(), declaredFairTypes()),
                config.limitsRefreshInterval(), System::nanoTime);
        registration = new WorkerRegistration(setup.registry(), setup.workerId(), WorkerIds.hostName(),
                setup.handlers().taskTypes(), slots, config.registryRefreshInterval(), System::nanoTime);
        IdleProbe probe = new IdleProbe(setup.store(), registration, active::size);
        PausedTypes paused = new PausedTypes(setup.fleetSettings(), setup.handlers().taskTypes(), config.pollInterval(),
                System::nanoTime);
        poller = new TaskPoller(config, setup.store(), setup.handlers().taskTypes(), limits, paused, active, pace,
                waiter, dispatcher, setup.metrics(), setup.vitals(), setup.contexts(values), probe, observations);
        services = maintenance(probe, observations);
        writerThread = new NamedThreads("async-task-completions").newThread(writer::runUntilStopped);
        pollerThread = new NamedThreads("async-task-poller").newThread(poller::runUntilStopped);
    }

    static WorkerRun start(WorkerSetup setup) {
        WorkerRun run = new WorkerRun(setup);
        run.registration.started();
        run.services.forEach(MaintenanceService::start);
        run.writerThread.start();
        run.pollerThread.start();
        return run;
    }

    /** Each loop on its own thread: a slow recovery or a hung connection must not delay a heartbeat. */
    private List<MaintenanceService> maintenance(IdleProbe probe, WorkerObservations observations) {
        WorkerConfig config = setup.config();
        LeaseHeartbeat heartbeat = new LeaseHeartbeat(config, setup.store(), active, setup.metrics(), observations);
        LeaseRecoverer recoverer = new LeaseRecoverer(setup.workerId(), setup.store(),
                () -> probe.mayHaveExpiredLeases(poller.isIdle()),
                new Batches(config.recoveryBatchSize(), config.recoveryMaxBatches(), config.recoveryBatchPause()),
                config.recoveryInterval(), setup.metrics());
        Duration heartbeatInterval = config.heartbeatInterval();
        ExecutionWatchdog watchdog = new ExecutionWatchdog(active, setup.policies(), heartbeatInterval.dividedBy(2),
                interruptGrace(), setup.metrics(), runner, dispatcher);
        return List.of(
                MaintenanceService.every("async-task-heartbeat", heartbeatInterval, () -> {
                    if (heartbeat.beat()) {
                        setup.vitals().heartbeatSucceeded();
                    } else {
                        setup.vitals().heartbeatFailed();
                    }
                }),
                // apart from the heartbeat, and less often: the registry is for people, a heartbeat round for leases
                MaintenanceService.every("async-task-registry", config.registryRefreshInterval(),
                        () -> registration.refreshRound(active.size(), poller.isIdle())),
                recoverer,
                MaintenanceService.every("async-task-watchdog", clamp(heartbeatInterval.dividedBy(4)), watchdog::check));
    }

    /**
     * The fleet caps this worker writes when it starts: {@code type-limits}, and the concurrency limit of each
     * of its types' policies (the two agree where both name a type).
     */
    private Map<String, Integer> declaredTypeLimits() {
        Map<String, Integer> limits = new LinkedHashMap<>(setup.config().typeLimits());
        setup.policies().byType().forEach((type, policy) ->
                policy.concurrencyLimit().ifPresent(limit -> limits.put(type, limit)));
        return limits;
    }

    /** The per-key caps this worker writes when it starts: the key concurrency of each of its types' policies. */
    private Map<String, Integer> declaredKeyLimits() {
        Map<String, Integer> limits = new LinkedHashMap<>();
        setup.policies().byType().forEach((type, policy) ->
                policy.keyConcurrency().ifPresent(limit -> limits.put(type, limit)));
        return limits;
    }

    /** The types this worker writes as fair when it starts: those whose policies say so. */
    private Set<String> declaredFairTypes() {
        Set<String> fair = new HashSet<>();
        setup.policies().byType().forEach((type, policy) -> {
            if (policy.fair().orElse(false)) {
                fair.add(type);
            }
        });
        return fair;
    }

    /** The rate limits this worker writes when it starts: the rate limit of each of its types' policies. */
    private Map<String, RateLimit> declaredRateLimits() {
        Map<String, RateLimit> limits = new LinkedHashMap<>();
        setup.policies().byType().forEach((type, policy) -> policy.rateLimit().ifPresent(starts ->
                limits.put(type, new RateLimit(starts, policy.ratePeriod().orElseThrow()))));
        return limits;
    }

    /**
     * No more claims; claimed tasks waiting for a slot go back at once; running ones get the shutdown timeout,
     * their leases renewed, then are interrupted and handed back; every outcome is written before the loops stop.
     */
    void stop() {
        String workerId = setup.workerId();
        Duration shutdownTimeout = setup.config().shutdownTimeout();
        log.info("Async task worker {} stopping: {} tasks running", workerId, active.size());
        poller.stop();
        pollerThread.interrupt();
        join(pollerThread);

        for (TaskExecution waiting : dispatcher.takeWaiting()) {
            waiting.requestStop(StopReason.SHUTDOWN);
            runner.run(waiting);
        }
        slotThreads.shutdown();
        if (!awaitTermination(slotThreads, shutdownTimeout)) {
            List<TaskExecution> leftOver = active.running();
            log.warn("Async task worker {}: {} tasks still running after {}; interrupting them and handing them back",
                    workerId, leftOver.size(), shutdownTimeout);
            leftOver.forEach(execution -> {
                if (execution.requestStop(StopReason.SHUTDOWN)) {
                    setup.metrics().stopped(execution.task().taskType(), "shutdown");
                }
            });
            if (!awaitTermination(slotThreads, interruptGrace())) {
                active.running().forEach(runner::abandon);
            }
        }

        // every runner that returned has handed its outcome to the writer: write them, then stop
        writer.stopWriting(writerThread);
        join(writerThread);
        services.forEach(MaintenanceService::stop);
        slotThreads.shutdownNow();
        registration.stopped();
        int abandoned = active.size();
        if (abandoned > 0) {
            log.warn("Async task worker {} stopped with {} tasks not handed back (a handler did not return, or its "
                    + "outcome could not be written); their leases will expire and another worker will recover them",
                    workerId, abandoned);
        } else {
            log.info("Async task worker {} stopped", workerId);
        }
    }

    void workSubmitted() {
        waiter.workSubmitted();
    }

    int activeTasks() {
        return active.size();
    }

    int freeSlots() {
        return dispatcher.freeSlots();
    }

    long rejectedWrites() {
        return writer.rejectedWrites();
    }

    /** Twice the heartbeat interval, at least two seconds: time enough for a well-behaved handler to notice. */
    private Duration interruptGrace() {
        Duration twoHeartbeats = setup.config().heartbeatInterval().multipliedBy(2);
        return twoHeartbeats.compareTo(MIN_INTERRUPT_GRACE) >= 0 ? twoHeartbeats : MIN_INTERRUPT_GRACE;
    }

    private static Duration clamp(Duration period) {
        if (period.compareTo(MIN_WATCHDOG_PERIOD) < 0) {
            return MIN_WATCHDOG_PERIOD;
        }
        return period.compareTo(MAX_WATCHDOG_PERIOD) > 0 ? MAX_WATCHDOG_PERIOD : period;
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
}
