package com.tudicloud.asynctask.api.spi;

import com.tudicloud.asynctask.api.BatchState;
import com.tudicloud.asynctask.api.BatchView;
import com.tudicloud.asynctask.api.CancelOutcome;
import com.tudicloud.asynctask.api.SubmittedBatch;
import com.tudicloud.asynctask.api.SubmittedTask;

import java.util.List;
import java.util.Optional;

/**
 * Batches: submitting, growing, reading, cancelling, and the repair of a batch left open. The end of a batch
 * is not written here: it happens in the transaction of its last child's terminal write, whichever store writes it.
 */
public interface BatchStore {

    /** Inserts the batch and its children in one transaction (the caller's, if any). */
    SubmittedBatch insert(NewBatch batch);

    /**
     * Adds children to an OPEN batch from inside one of its running children, whose row is locked meanwhile:
     * the batch cannot end before they are in.
     *
     * @throws IllegalStateException when the adding task is not a RUNNING child of the batch, or the batch is
     *                               no longer OPEN
     */
    List<SubmittedTask> addChildren(long batchId, long addingTaskId, List<NewTask> children);

    Optional<BatchView> find(long batchId);

    /**
     * Batches newest first.
     *
     * @param state   only this state, or {@code null} for all
     * @param beforeId only ids below this, or {@code null} for the newest
     */
    List<BatchView> list(BatchState state, Long beforeId, int limit);

    /**
     * Cancels an OPEN batch: waiting children CANCELLED, running ones CANCEL_REQUESTED, the batch CANCELLING until
     * its last child ends (CANCELLED at once when none runs).
     *
     * @return CANCELLED or CANCEL_REQUESTED as for a task; ALREADY_FINISHED when it was not OPEN; NOT_FOUND
     */
    CancelOutcome cancel(long batchId, String requestedBy);

    /**
     * Ends up to {@code limit} of the oldest OPEN or CANCELLING batches that no child can still run in: a
     * batch's last terminal write ends it, so each one found here is a repair.
     */
    List<FinishedBatch> repairFinished(int limit);

    /** Batches that have not ended, counted up to {@code cap}. */
    long countUnfinished(int cap);
}
