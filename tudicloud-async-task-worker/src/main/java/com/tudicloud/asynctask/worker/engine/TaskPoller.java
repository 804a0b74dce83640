package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import com.tudicloud.asynctask.worker.WorkerConfig;
import io.micrometer.observation.Observation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Claims due tasks of the types this worker has handlers for and no operator paused ({@link PausedTypes}),
 * within the fleet's limits ({@link FleetLimits}), for its free slots and, while there is a backlog and tasks are short, for the
 * prefetch its {@link ExecutionPace} allows, and hands them to the slots. After a full
 * batch it claims again as soon as there is room for one; after a partial one it waits as
 * {@link PollBackoff} says, unless work is submitted in this JVM. After a claim that found nothing it
 * looks first ({@link IdleProbe}: one lock-free statement) and claims only when due tasks wait, or when
 * work submitted in this JVM woke it; the fleet's limits are read only for a claim. After a claim that a
 * type's rate limit held back, and that took no task of another type, it waits until the type's window frees a
 * start ({@link RateWait}), at most a poll interval, and then claims without a look first, since it knows the
 * tasks wait.
 */
final class TaskPoller {

    private static final Logger log = LoggerFactory.getLogger(TaskPoller.class);

    /**
     * Tasks one claim may take, however many slots and prefetch there are room for: a claim is one
     * transaction that locks its rows and names each of them in its statements.
     */
    static final int MAX_CLAIM = 1_000;

    private final String workerId;
    private final LeaseStore store;
    private final Set<String> taskTypes;
    private final FleetLimits limits;
    private final PausedTypes paused;
    private final int slots;
    private final ActiveExecutions active;
    private final ExecutionPace pace;
    private final PollWaiter waiter;
    private final SlotDispatcher dispatcher;
    private final AsyncTaskMetrics metrics;
    private final WorkerVitals vitals;
    private final Duration leaseTimeout;
    private final Duration pollInterval;
    private final PollBackoff backoff;
    private final ExecutionContexts contexts;
    private final IdleProbe probe;
    private final WorkerObservations observations;
    private final RateWait rateWait = new RateWait();
    /** The last claim got all it asked for: the queue is deeper than this worker's room. */
    private boolean backlog;
    /** The last claim found nothing, and no work was submitted in this JVM since: look before claiming. */
    private volatile boolean quiet;
    private volatile boolean stopping;

    TaskPoller(WorkerConfig config, LeaseStore store, Set<String> taskTypes, FleetLimits limits, PausedTypes paused,
               ActiveExecutions active, ExecutionPace pace, PollWaiter waiter, SlotDispatcher dispatcher,
               AsyncTaskMetrics metrics, WorkerVitals vitals, ExecutionContexts contexts, IdleProbe probe,
               WorkerObservations observations) {
        this.workerId = config.workerId();
        this.store = store;
        this.taskTypes = Set.copyOf(taskTypes);
        this.limits = limits;
        this.paused = paused;
        this.slots = config.slots();
        this.active = active;
        this.pace = pace;
        this.waiter = waiter;
        this.dispatcher = dispatcher;
        this.metrics = metrics;
        this.vitals = vitals;
        this.leaseTimeout = config.leaseTimeout();
        this.pollInterval = config.pollInterval();
        this.backoff = new PollBackoff(pollInterval);
        this.contexts = contexts;
        this.probe = probe;
        this.observations = observations;
    }

    void runUntilStopped() {
        while (!stopping) {
            try {
                if (taskTypes.isEmpty()) {
                    vitals.pollSucceeded();   // nothing to ask the database for
                    waiter.await(pollInterval);
                    continue;
                }
                Set<String> claimable = paused.claimable();
                if (claimable.isEmpty()) {
                    vitals.pollSucceeded();   // every type of this worker is paused
                    waiter.await(pollInterval);
                    continue;
                }
                // claim ahead only into a backlog: from a shallow queue it would take what idle peers could
                // start now; and under a cap on all tasks or on a type a waiting task would count as running
                // fleet-wide. Under per-key caps it holds a place of its key only, for the prefetch window.
                int prefetch = backlog && !limits.current().capsTypes() ? pace.prefetch() : 0;
                int enough = Math.min(MAX_CLAIM, Math.max(1, prefetch / 2));
                int room = Math.min(MAX_CLAIM, slots + prefetch - active.size());
                if (room < enough) {
                    vitals.pollSucceeded();   // no room to claim for
                    waiter.awaitRoom(slots + prefetch - enough, active::size, pollInterval);
                    continue;
                }
                if (quiet && !probe.dueTasks(claimable)) {
                    vitals.pollSucceeded();
                    quiet = !waiter.await(backoff.next(false));
                    continue;
                }
                List<ClaimedTask> claimedTasks = claimAndDispatch(claimable, room, limits.current());
                int claimed = claimedTasks.size();
                backlog = claimed == room;
                boolean onlyHeldBack = rateWait.heldBackAll(claimedTasks);
                quiet = claimed == 0 && !onlyHeldBack;
                Duration wait = onlyHeldBack ? rateWait.untilAStartFrees(pollInterval) : backoff.next(claimed > 0);
                if (!backlog && waiter.await(wait)) {
                    quiet = false;
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException | Error e) {
                log.warn("Claiming tasks failed, will try again in {} ms: {}", pollInterval.toMillis(), e.toString());
                backlog = false;
                quiet = false;
                if (!pause()) {
                    return;
                }
            }
        }
    }

    /** The last claim found nothing: the poller looks at the queue every poll interval. */
    boolean isIdle() {
        return quiet;
    }

    void stop() {
        stopping = true;
    }

    private List<ClaimedTask> claimAndDispatch(Set<String> claimable, int room, ConcurrencyLimits fleetLimits) {
        long sentAt = System.nanoTime();
        List<ClaimedTask> claimed;
        Observation observation = observations.startBatch(WorkerObservations.CLAIM);
        try {
            claimed = store.claim(new ClaimRequest(workerId, claimable, room, leaseTimeout, fleetLimits, paused,
                    rateWait.forNextClaim()));
            observation.lowCardinalityKeyValue(claimed.isEmpty() ? WorkerObservations.NONE_CLAIMED : WorkerObservations.CLAIMED);
        } catch (RuntimeException e) {
            observation.error(e);
            throw e;
        } finally {
            observation.stop();
        }
        metrics.claimed(room, claimed);
        vitals.pollSucceeded();
        List<TaskExecution> executions = new ArrayList<>(claimed.size());
        for (ClaimedTask task : claimed) {
            TaskExecution execution = new TaskExecution(task, sentAt, leaseTimeout.toNanos(), contexts);
            active.add(execution);
            executions.add(execution);
        }
        dispatcher.dispatch(executions);
        return claimed;
    }
    private boolean pause() {
        try {
            Thread.sleep(pollInterval.toMillis());
            return true;
        } catch (InterruptedException e) {
            return false;
        }
    }
}
