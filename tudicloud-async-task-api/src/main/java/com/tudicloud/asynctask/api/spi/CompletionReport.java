package com.tudicloud.asynctask.api.spi;

import java.util.List;
import java.util.Set;

/**
 * @param rejected   the tasks whose outcome was not written because the lease was no longer held
 *                   (a stale token, an expired lease, or a task already finished)
 * @param unstorable the tasks whose outcome the database would not store (a value no column holds): each
 *                   was written FAILED with the reason instead, or, if even that failed, left to recovery
 * @param finishedBatches the batches these outcomes ended, in the same transaction
 * @param madeDue    the dependents these outcomes made due (their last dependency ended), in the same transaction
 */
public record CompletionReport(int written, Set<Long> rejected, Set<Long> unstorable,
                               List<FinishedBatch> finishedBatches, int madeDue) {

    public CompletionReport {
        rejected = Set.copyOf(rejected);
        unstorable = Set.copyOf(unstorable);
        finishedBatches = List.copyOf(finishedBatches);
    }

    public CompletionReport(int written, Set<Long> rejected, Set<Long> unstorable, List<FinishedBatch> finishedBatches) {
        this(written, rejected, unstorable, finishedBatches, 0);
    }

    public CompletionReport(int written, Set<Long> rejected, Set<Long> unstorable) {
        this(written, rejected, unstorable, List.of());
    }

    public CompletionReport(int written, Set<Long> rejected) {
        this(written, rejected, Set.of());
    }
}
