package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.LeaseRenewal;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One claimed task on this worker, from claim until its outcome is written or dropped.
 *
 * <p>The local lease deadline is measured on the monotonic clock from the moment a claim or renewal
 * was <em>sent</em>: the database's lease started later than that, so the local deadline never
 * passes after the real one, whatever the wall clocks say.
 */
final class TaskExecution {

    private final ClaimedTask task;
    private final TaskExecutionContext context;
    private volatile boolean started;
    private volatile long startedAtNanos;
    private final AtomicReference<StopReason> stopReason = new AtomicReference<>();
    private volatile long leaseDeadlineNanos;
    private volatile long stopRequestedAtNanos;
    private volatile boolean leaseLost;
    private final AtomicBoolean completing = new AtomicBoolean();
    private Thread thread;

    TaskExecution(ClaimedTask task, long claimSentAtNanos, long leaseNanos, ExecutionContexts contexts) {
        this.task = task;
        this.context = contexts.forTask(task);
        this.leaseDeadlineNanos = claimSentAtNanos + leaseNanos;
    }

    ClaimedTask task() {
        return task;
    }

    long taskId() {
        return task.id();
    }

    TaskExecutionContext context() {
        return context;
    }

    /** Whether its handler was started; a claimed task may wait for a slot first. */
    boolean hasStarted() {
        return started;
    }

    /** When its handler started: max-execution-time counts from here, not from the claim. */
    long startedAtNanos() {
        return startedAtNanos;
    }

    long leaseDeadlineNanos() {
        return leaseDeadlineNanos;
    }

    void leaseRenewed(long renewalSentAtNanos, long leaseNanos) {
        leaseDeadlineNanos = Math.max(leaseDeadlineNanos, renewalSentAtNanos + leaseNanos);
    }

    /** The lease is gone (or will be before we could renew it): stop, and write nothing. */
    void leaseLost() {
        leaseLost = true;
        requestStop(StopReason.LEASE_LOST);
    }

    boolean isLeaseLost() {
        return leaseLost;
    }

    /**
     * Claims the right to decide the outcome: the runner when the handler returns, or the watchdog when
     * it gives up on a handler that ignores its interrupt. Only the first caller wins.
     */
    boolean tryComplete() {
        return completing.compareAndSet(false, true);
    }

    /** The outcome is decided (being written, or dropped); the handler may still run if it was abandoned. */
    boolean isCompleting() {
        return completing.get();
    }

    StopReason stopReason() {
        return stopReason.get();
    }

    long stopRequestedAtNanos() {
        return stopRequestedAtNanos;
    }

    /** Flags the context and interrupts the handler; only the first reason counts. */
    boolean requestStop(StopReason reason) {
        if (!stopReason.compareAndSet(null, reason)) {
            return false;
        }
        stopRequestedAtNanos = System.nanoTime();
        context.requestCancellation();
        synchronized (this) {
            if (thread != null) {
                thread.interrupt();
            }
        }
        return true;
    }

    /** Called by the runner as the handler starts on this thread. */
    synchronized void attach(Thread runner) {
        this.thread = runner;
        if (stopReason.get() != null) {
            runner.interrupt();   // stopped between the runner's check and here: requestStop found no thread
        }
        this.startedAtNanos = System.nanoTime();
        this.started = true;
    }

    /** Called by the runner when the handler returned; no interrupt reaches the pool thread after this. */
    void detach() {
        synchronized (this) {
            thread = null;
        }
        Thread.interrupted();
    }

    /** The outcome with the progress the handler reported last, if it reported any. */
    Completion withLastProgress(Completion completion) {
        TaskExecutionContext.Progress progress = context.progress();
        return progress == null ? completion : completion.withProgress(progress.percent(), progress.message());
    }

    LeaseRenewal renewal() {
        TaskExecutionContext.Progress progress = context.progress();
        return progress == null
                ? new LeaseRenewal(task.id(), task.leaseToken(), null, null)
                : new LeaseRenewal(task.id(), task.leaseToken(), progress.percent(), progress.message());
    }
}
