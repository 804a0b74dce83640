package com.tudicloud.asynctask.api.spi;

import java.util.List;

/**
 * One recovery batch.
 *
 * @param examined         expired leases found (and locked) in this batch
 * @param expiredForMillis per recovered task, how long its lease had been expired
 * @param finishedBatches  the batches whose last children this recovery ended, in the same transaction
 */
public record RecoveryBatch(int examined, int requeued, int failed, int cancelled, List<Long> expiredForMillis,
                            List<FinishedBatch> finishedBatches) {

    public RecoveryBatch {
        expiredForMillis = List.copyOf(expiredForMillis);
        finishedBatches = List.copyOf(finishedBatches);
    }

    public RecoveryBatch(int examined, int requeued, int failed, int cancelled, List<Long> expiredForMillis) {
        this(examined, requeued, failed, cancelled, expiredForMillis, List.of());
    }

    public static RecoveryBatch empty() {
        return new RecoveryBatch(0, 0, 0, 0, List.of());
    }

    public int recovered() {
        return requeued + failed + cancelled;
    }
}
