package com.tudicloud.asynctask.worker;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.FinishedBatch;
import com.tudicloud.asynctask.api.spi.RecoveryBatch;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.IntSupplier;

/**
 * What the engine reports as it works (the client's own figures are ClientMetrics'). Every method does nothing by default; the
 * Micrometer implementation turns the calls into meters tagged by task type (never by task id).
 */
public interface AsyncTaskMetrics {

    AsyncTaskMetrics NONE = new AsyncTaskMetrics() {
    };

    /** One claim round: how many tasks it asked for and which it got. */
    default void claimed(int requested, List<ClaimedTask> claimed) {
    }

    /** One heartbeat round: leases it tried to renew and leases still held afterwards. */
    default void leasesRenewed(int attempted, int renewed) {
    }

    /** A heartbeat round that could not reach the database. */
    default void heartbeatFailed(int attempted) {
    }

    default void leaseLost(String taskType) {
    }

    /**
     * An execution ended and the database has answered for its outcome (every execution, including one
     * skipped before its handler started and one abandoned for ignoring its interrupt). {@code outcome}:
     * what was written (succeeded, failed, retry, cancelled, released; failed too for an outcome the
     * database could not store, written FAILED instead), refused (the database refused it: the lease was no
     * longer held), or lost (nothing written: the lease was lost first).
     */
    default void executed(String taskType, String outcome, Duration duration) {
    }

    /**
     * A value a handler returned or reported did not fit the store and was adjusted: {@code field} is
     * artifact_id, last_error or progress_message (text cut to its column, lone surrogates replaced) or
     * retry_delay (clamped).
     */
    default void valueAdjusted(String taskType, String field) {
    }

    /** An outcome the database would not store even so; the task was written FAILED with the reason instead. */
    default void outcomeUnstorable(String taskType) {
    }

    /** The handler threw an {@link Error}, e.g. an OutOfMemoryError. */
    default void handlerError(String taskType, Throwable error) {
    }

    /** The worker interrupted an execution; {@code reason}: cancel_requested, lease_lost, timed_out, shutdown. */
    default void stopped(String taskType, String reason) {
    }

    /** A handler still ran long after it was interrupted. */
    default void ignoredInterrupt(String taskType) {
    }

    /** An outcome the database refused: this worker no longer held the lease (a stale token or an expired lease). */
    default void outcomeRefused(String taskType) {
    }

    default void recovered(RecoveryBatch batch) {
    }

    /** Batches a terminal write ended in its own transaction, with the callbacks it inserted. */
    default void batchesFinished(List<FinishedBatch> finished) {
    }

    /**
     * Batches the repair pass found with every child ended and still open, and ended: each one is a write path
     * that left its batch open, which should never happen.
     */
    default void batchesRepaired(List<FinishedBatch> repaired) {
    }

    /** Batches not ended yet (OPEN or CANCELLING), counted up to a cap, as the repair pass read them. */
    default void batchesOpen(long count) {
    }

    /** Finished tasks deleted by retention. */
    default void retentionDeleted(TaskStatus status, int count) {
    }

    /**
     * A scheduler fired a due schedule: the tasks it submitted, the fire times it found missed (older than
     * the misfire threshold), and the fire times that got no task because they were missed or overlapped
     * the previous task.
     */
    default void scheduleFired(String schedule, int tasks, int missed, int misfireSkips, int overlapSkips) {
    }

    /**
     * A worker starts: its live figures, read whenever metrics are scraped, and the task types it runs,
     * so that the meters alerts read exist from the start, at zero.
     *
     * @param leasedTasks     tasks it holds a lease on: running, waiting for a slot, or with an outcome being written
     * @param runningHandlers handlers running on its slots
     * @param freeSlots       slots with no handler running
     */
    default void bindWorker(IntSupplier leasedTasks, IntSupplier runningHandlers, IntSupplier freeSlots,
                            Set<String> taskTypes) {
    }
}
