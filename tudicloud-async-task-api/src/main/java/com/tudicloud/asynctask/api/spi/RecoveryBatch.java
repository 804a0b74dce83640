package com.tudicloud.asynctask.api.spi;

import java.util.List;

/**
 * One recovery batch.
 *
 * @param examined         expired leases found (and locked) in this batch
 * @param expiredForMillis per recovered task, how long its lease had been expired
 */
public record RecoveryBatch(int examined, int requeued, int failed, int cancelled, List<Long> expiredForMillis) {

    public RecoveryBatch {
        expiredForMillis = List.copyOf(expiredForMillis);
    }

    public static RecoveryBatch empty() {
        return new RecoveryBatch(0, 0, 0, 0, List.of());
    }

    public int recovered() {
        return requeued + failed + cancelled;
    }
}
