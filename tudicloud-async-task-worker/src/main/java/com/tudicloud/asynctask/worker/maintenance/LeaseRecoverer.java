package com.tudicloud.asynctask.worker.maintenance;

import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.RecoveryBatch;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Gives expired leases back, in short transactions of a batch each ({@link Batches}), so that a mass expiry
 * never holds locks for long. A round is skipped, sending nothing, while the idle worker's looks at the table
 * see no expired lease.
 */
public final class LeaseRecoverer extends MaintenanceService {

    private static final Logger log = LoggerFactory.getLogger(LeaseRecoverer.class);

    private final String workerId;
    private final LeaseStore store;
    private final BooleanSupplier mayHaveExpiredLeases;
    private final Batches batches;
    private final AsyncTaskMetrics metrics;

    public LeaseRecoverer(String workerId, LeaseStore store, BooleanSupplier mayHaveExpiredLeases, Batches batches,
                          Duration interval, AsyncTaskMetrics metrics) {
        super("async-task-recovery", interval, interval);
        this.workerId = workerId;
        this.store = store;
        this.mayHaveExpiredLeases = mayHaveExpiredLeases;
        this.batches = batches;
        this.metrics = metrics;
    }

    @Override
    protected void runRound() throws InterruptedException {
        if (!mayHaveExpiredLeases.getAsBoolean()) {
            return;
        }
        try {
            batches.run(this::recoverBatch, () -> true);
        } catch (RuntimeException e) {
            log.warn("Lease recovery failed, will try again next round: {}", e.toString());
        }
    }

    private int recoverBatch() {
        RecoveryBatch result = store.recoverExpiredLeases(workerId, batches.size());
        metrics.recovered(result);
        metrics.batchesFinished(result.finishedBatches());
        if (result.examined() > 0) {
            log.info("Recovered expired leases: requeued={}, failed={}, cancelled={}, longest expired {} ms",
                    result.requeued(), result.failed(), result.cancelled(),
                    result.expiredForMillis().stream().mapToLong(Long::longValue).max().orElse(0));
        }
        return result.examined();
    }
}
