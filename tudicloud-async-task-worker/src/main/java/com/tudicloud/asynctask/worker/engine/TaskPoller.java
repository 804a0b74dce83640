package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * Claims as many due tasks as there are free slots, of the types this worker has handlers for, and
 * starts them. After a full batch it claims again as soon as a slot frees up; after a partial one
 * the queue looked empty, and it waits the poll interval unless work is submitted in this JVM.
 */
final class TaskPoller {

    private static final Logger log = LoggerFactory.getLogger(TaskPoller.class);

    private final String workerId;
    private final LeaseStore store;
    private final Set<String> taskTypes;
    private final ConcurrencyLimits limits;
    private final ActiveExecutions active;
    private final PollWaiter waiter;
    private final Executor slotThreads;
    private final TaskRunner runner;
    private final AsyncTaskMetrics metrics;
    private final WorkerVitals vitals;
    private final Duration leaseTimeout;
    private final Duration pollInterval;
    private volatile boolean stopping;

    TaskPoller(String workerId, LeaseStore store, Set<String> taskTypes, ConcurrencyLimits limits,
               ActiveExecutions active, PollWaiter waiter, Executor slotThreads, TaskRunner runner,
               AsyncTaskMetrics metrics, WorkerVitals vitals, Duration leaseTimeout, Duration pollInterval) {
        this.workerId = workerId;
        this.store = store;
        this.taskTypes = Set.copyOf(taskTypes);
        this.limits = limits;
        this.active = active;
        this.waiter = waiter;
        this.slotThreads = slotThreads;
        this.runner = runner;
        this.metrics = metrics;
        this.vitals = vitals;
        this.leaseTimeout = leaseTimeout;
        this.pollInterval = pollInterval;
    }

    void runUntilStopped() {
        boolean lastBatchFull = false;
        while (!stopping) {
            try {
                int free = active.freeSlots();
                if (free > 0 && !taskTypes.isEmpty()) {
                    lastBatchFull = claimAndStart(free) == free;
                } else {
                    vitals.pollSucceeded();   // nothing to ask the database for
                }
                waiter.await(lastBatchFull, pollInterval);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException | Error e) {
                log.warn("Claiming tasks failed, will try again in {} ms: {}", pollInterval.toMillis(), e.toString());
                lastBatchFull = false;
                if (!pause()) {
                    return;
                }
            }
        }
    }

    void stop() {
        stopping = true;
    }

    private int claimAndStart(int free) {
        long sentAt = System.nanoTime();
        List<ClaimedTask> claimed = store.claim(
                new ClaimRequest(workerId, taskTypes, free, leaseTimeout.toMillis(), limits));
        metrics.claimed(free, claimed);
        vitals.pollSucceeded();
        for (ClaimedTask task : claimed) {
            TaskExecution execution = new TaskExecution(task, sentAt, leaseTimeout.toNanos());
            active.add(execution);
            slotThreads.execute(() -> runner.run(execution));
        }
        return claimed.size();
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
