package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.worker.WorkerConfig;
import com.tudicloud.asynctask.worker.policy.TaskTypePolicies;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A worker its caller drives: {@link #runDue()} claims one due task of its types at a time, runs it in the
 * calling thread and writes its outcome before the next, until none is due. No thread of its own and no
 * heartbeat, so a test sees a task's whole run in one call, on the same database, claims, fencing and policies
 * as a started worker. A handler must end within the lease timeout (nothing renews the lease meanwhile), and
 * a cancel requested while a handler runs is not passed to it.
 */
public final class ManualWorker {

    /** What one call runs at most: a handler that submits its own type again and again would never end. */
    public static final int DEFAULT_RUN_LIMIT = 10_000;
    private static final Duration DRAIN_POLL = Duration.ofMillis(10);

    private final WorkerSetup setup;
    private final ExecutionContexts contexts;
    private final ActiveExecutions active;
    private final CompletionWriter writer;
    private final TaskRunner runner;
    private final PausedTypes paused;

    ManualWorker(WorkerSetup setup) {
        this.setup = setup;
        WorkerConfig config = setup.config();
        StorableValues values = new StorableValues(setup.store()::limits, setup.metrics());
        this.contexts = setup.contexts(values);
        this.active = new ActiveExecutions(1, finished -> {
        });
        WorkerObservations observations = setup.observations();
        // the test's thread runs what is due next itself
        this.writer = new CompletionWriter(setup.workerId(), setup.store(), active, 1, setup.metrics(), observations,
                () -> { });
        ExecutionOutcomes outcomes = new ExecutionOutcomes(setup.policies(),
                () -> ThreadLocalRandom.current().nextDouble(), values);
        this.runner = new TaskRunner(setup.handlers(), setup.codec(), outcomes, writer, setup.metrics(),
                new ExecutionPace(1, Duration.ZERO), observations);
        this.paused = new PausedTypes(setup.fleetSettings(), setup.handlers().taskTypes(), Duration.ZERO,
                System::nanoTime);
    }

    /**
     * Runs the tasks due now, one after the other, each claimed when the one before has its outcome written,
     * until none is due: children and zero-delay retries the handlers cause run too. A retry or a start
     * scheduled for later is not waited for ({@link #drain(Duration)} waits).
     *
     * @return how many ran
     * @throws IllegalStateException when tasks are still due after {@link #DEFAULT_RUN_LIMIT} ran
     */
    public int runDue() {
        return runDue(DEFAULT_RUN_LIMIT);
    }

    /**
     * {@link #runDue()} with another limit.
     *
     * @throws IllegalStateException when tasks are still due after {@code limit} ran
     */
    public int runDue(int limit) {
        int ran = 0;
        while (ran < limit && runOne()) {
            ran++;
        }
        refuseBeyond(ran, limit);
        return ran;
    }

    /**
     * {@link #runDue()}, and then waits for tasks that fall due within {@code quietPeriod} (retries after a
     * backoff, delayed starts), until {@code quietPeriod} passes with none.
     *
     * @return how many ran
     * @throws IllegalStateException when tasks are still due after {@link #DEFAULT_RUN_LIMIT} ran
     */
    public int drain(Duration quietPeriod) throws InterruptedException {
        int ran = 0;
        long quietSince = System.nanoTime();
        while (ran < DEFAULT_RUN_LIMIT && System.nanoTime() - quietSince < quietPeriod.toNanos()) {
            if (runOne()) {
                ran++;
                quietSince = System.nanoTime();
            } else {
                Thread.sleep(DRAIN_POLL.toMillis());
            }
        }
        refuseBeyond(ran, DEFAULT_RUN_LIMIT);
        return ran;
    }

    private void refuseBeyond(int ran, int limit) {
        if (ran == limit && setup.store().probe(paused.claimable()).dueTasks()) {
            throw new IllegalStateException(limit + " tasks ran and more are due: does a handler keep "
                    + "submitting tasks this worker runs?");
        }
    }

    /** @return whether a task was due (and ran) */
    public boolean runOne() {
        Set<String> claimable = paused.claimable();
        if (claimable.isEmpty()) {
            return false;
        }
        Duration lease = setup.config().leaseTimeout();
        long sentAt = System.nanoTime();
        List<ClaimedTask> claimed = setup.store().claim(new ClaimRequest(setup.workerId(), claimable, 1, lease,
                ConcurrencyLimits.NONE, paused));
        if (claimed.isEmpty()) {
            return false;
        }
        TaskExecution execution = new TaskExecution(claimed.get(0), sentAt, lease.toNanos(), contexts);
        active.add(execution);
        runner.run(execution);
        writer.flush();
        return true;
    }

    public String workerId() {
        return setup.workerId();
    }

    /** The policy each task type runs under here. */
    public TaskTypePolicies policies() {
        return setup.policies();
    }
}
