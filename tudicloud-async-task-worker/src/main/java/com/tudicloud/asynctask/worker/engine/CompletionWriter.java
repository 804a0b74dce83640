package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.CompletionReport;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import io.micrometer.observation.Observation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Writes outcomes in groups: whatever finished while the previous group was being written goes
 * into the next transaction together (group commit), each row still fenced by its own token. No
 * timer holds a result back; an outcome waits at most for the write before it.
 *
 * <p>While the database cannot be reached the outcomes wait here, their leases renewed by the
 * heartbeat; an outcome whose lease ran out locally is dropped, since recovery will run the task again.
 * Each execution is counted ({@code async_task_execution_seconds}) once the database has answered for
 * it: a refused write is counted as refused, not as what the handler meant.
 */
final class CompletionWriter {

    private static final Logger log = LoggerFactory.getLogger(CompletionWriter.class);
    private static final Duration RETRY_PAUSE = Duration.ofMillis(500);
    /** How long a stop keeps trying to write the last outcomes while the database refuses them. */
    private static final Duration FLUSH_BUDGET = Duration.ofSeconds(10);

    private record Pending(TaskExecution execution, Completion completion, Duration ran) {
    }

    private final String workerId;
    private final LeaseStore store;
    private final ActiveExecutions active;
    private final int maxBatch;
    private final AsyncTaskMetrics metrics;
    private final WorkerObservations observations;
    private final Runnable dependentsDue;
    private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private final List<Pending> unwritten = new ArrayList<>();
    private volatile long rejectedWrites;
    private volatile boolean stopping;

    /** @param dependentsDue told when a write made waiting tasks due: the poller of this JVM looks for them at once */
    CompletionWriter(String workerId, LeaseStore store, ActiveExecutions active, int maxBatch, AsyncTaskMetrics metrics,
                     WorkerObservations observations, Runnable dependentsDue) {
        this.workerId = workerId;
        this.store = store;
        this.active = active;
        this.maxBatch = maxBatch;
        this.metrics = metrics;
        this.observations = observations;
        this.dependentsDue = dependentsDue;
    }

    /** @param ran how long its handler ran (zero if it never started) */
    void submit(TaskExecution execution, Completion completion, Duration ran) {
        Completion ofTask = completion.inBatch(execution.task().batchId());
        queue.add(new Pending(execution, execution.task().hasDependents() ? ofTask.withDependents(true) : ofTask, ran));
    }

    /** Nothing to write (the lease was lost): give the slot back. */
    void drop(TaskExecution execution, Duration ran) {
        metrics.executed(execution.task().taskType(), "lost", ran);
        active.finish(execution);
    }

    /** Outcomes the database refused because the lease was no longer held, since start. */
    long rejectedWrites() {
        return rejectedWrites;
    }

    /**
     * Ends the writer's loop: it writes what it holds and returns. The flag is read as well as the interrupt,
     * because a JDBC call the interrupt lands in may clear it.
     */
    void stopWriting(Thread writerThread) {
        stopping = true;
        writerThread.interrupt();
    }

    /** The writer thread's loop; returns when stopped and nothing is left to write. */
    void runUntilStopped() {
        while (!stopping) {
            try {
                if (unwritten.isEmpty()) {
                    Pending first = queue.take();
                    unwritten.add(first);
                } else {
                    TimeUnit.MILLISECONDS.sleep(RETRY_PAUSE.toMillis());
                }
                writeOnce();
            } catch (InterruptedException e) {
                break;
            }
        }
        flush();
    }

    /**
     * Writes everything waiting; used on shutdown after the slot threads have stopped. A write that fails
     * is tried again, as in the loop, until it succeeds, its leases run out locally, or the stop's budget
     * for it is spent: giving up after one failed try would leave finished tasks RUNNING until recovery
     * ran them a second time.
     */
    void flush() {
        boolean interrupted = Thread.interrupted(); // the stop's interrupt must not fail the last writes
        long deadline = System.nanoTime() + FLUSH_BUDGET.toNanos();
        try {
            while (true) {
                writeOnce();
                if (unwritten.isEmpty() && queue.isEmpty()) {
                    return;
                }
                if (System.nanoTime() - deadline >= 0) {
                    log.warn("Stopping with {} task outcomes unwritten after {}; their leases will expire and "
                            + "recovery will run the tasks again", unwritten.size() + queue.size(), FLUSH_BUDGET);
                    return;
                }
                if (!unwritten.isEmpty()) {
                    interrupted |= pausedUntilInterrupted();
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** @return whether the pause was cut short by an interrupt, which is kept for after the flush */
    private static boolean pausedUntilInterrupted() {
        try {
            TimeUnit.MILLISECONDS.sleep(RETRY_PAUSE.toMillis());
            return false;
        } catch (InterruptedException e) {
            return true;
        }
    }

    private void writeOnce() {
        queue.drainTo(unwritten, Math.max(0, maxBatch - unwritten.size()));
        dropExpired();
        if (unwritten.isEmpty()) {
            return;
        }
        List<Pending> batch = List.copyOf(unwritten);
        Observation observation = observations.startBatch(WorkerObservations.COMPLETION);
        try {
            CompletionReport report = store.complete(workerId, batch.stream().map(Pending::completion).toList());
            observation.lowCardinalityKeyValue(report.rejected().isEmpty() ? WorkerObservations.WRITTEN
                    : WorkerObservations.SOME_REFUSED);
            unwritten.clear();
            if (report.madeDue() > 0) {
                dependentsDue.run();
            }
            batch.forEach(pending -> written(pending, report));
            metrics.batchesFinished(report.finishedBatches());
        } catch (RuntimeException e) {
            observation.error(e);
            log.warn("Could not write {} task outcomes, will retry: {}", batch.size(), e.toString());
        } finally {
            observation.stop();
        }
    }

    private void written(Pending pending, CompletionReport report) {
        TaskExecution execution = pending.execution();
        String type = execution.task().taskType();
        String outcome = ExecutionOutcomes.outcomeName(pending.completion(), execution.task());
        if (report.rejected().contains(execution.taskId())) {
            rejectedWrites++;
            metrics.outcomeRefused(type);
            outcome = "refused";
            log.warn("Outcome {} of task {} was refused: this worker no longer holds its lease",
                    pending.completion().outcome(), execution.taskId());
        } else if (report.unstorable().contains(execution.taskId())) {
            metrics.outcomeUnstorable(type);
            outcome = "failed";
        }
        metrics.executed(type, outcome, pending.ran());
        active.finish(execution);
    }

    private void dropExpired() {
        long now = System.nanoTime();
        unwritten.removeIf(pending -> {
            boolean expired = now - pending.execution().leaseDeadlineNanos() >= 0 || pending.execution().isLeaseLost();
            if (expired) {
                log.warn("Dropping the outcome of task {}: its lease ran out before it could be written",
                        pending.execution().taskId());
                metrics.leaseLost(pending.execution().task().taskType());
                metrics.executed(pending.execution().task().taskType(), "lost", pending.ran());
                active.finish(pending.execution());
            }
            return expired;
        });
    }
}
