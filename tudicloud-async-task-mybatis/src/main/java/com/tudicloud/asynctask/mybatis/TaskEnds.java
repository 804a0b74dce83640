package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.FinishedBatch;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * What the end of tasks sets off, in the transaction that writes the ends (a worker's outcomes, a recovery, a
 * cancel), which the caller holds: their dependents are counted down or cancelled first, then the batches of the
 * ended tasks and of the cancelled dependents are ended where no child can still run.
 */
final class TaskEnds {

    private final DependentRelease dependents;
    private final BatchFinisher batches;

    TaskEnds(DependentRelease dependents, BatchFinisher batches) {
        this.dependents = dependents;
        this.batches = batches;
    }

    /**
     * @param withDependents tasks whose end this transaction wrote and that have, or may have, dependents
     * @param batchIds       the batches of the tasks whose end it wrote (nulls ignored)
     */
    Effects ended(Collection<Long> withDependents, Collection<Long> batchIds) {
        DependentRelease.Released released = dependents.release(withDependents);
        List<Long> batchesToLook = new ArrayList<>(batchIds);
        batchesToLook.addAll(released.batchIds());
        return new Effects(batches.finishEnded(batchesToLook), released.madeDue());
    }

    /** Ends of batches only: for writes of tasks that have no dependents. */
    List<FinishedBatch> endBatches(Collection<Long> batchIds) {
        return batches.finishEnded(batchIds);
    }

    /**
     * @param finishedBatches the batches these ends ended
     * @param madeDue         dependents these ends made due
     */
    record Effects(List<FinishedBatch> finishedBatches, int madeDue) {

        static final Effects NONE = new Effects(List.of(), 0);
    }
}
