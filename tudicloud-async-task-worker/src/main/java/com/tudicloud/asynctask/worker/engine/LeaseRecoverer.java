package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.RecoveryBatch;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Gives expired leases back: one round is at most {@code maxBatches} short transactions of
 * {@code batchSize} tasks, with a pause between, so that a mass expiry never holds locks for long. A
 * round is skipped, sending nothing, while the idle worker's looks at the table see no expired lease.
 */
final class LeaseRecoverer {

    private static final Logger log = LoggerFactory.getLogger(LeaseRecoverer.class);

    private final LeaseStore store;
    private final BooleanSupplier mayHaveExpiredLeases;
    private final int batchSize;
    private final int maxBatches;
    private final Duration pause;
    private final AsyncTaskMetrics metrics;

    LeaseRecoverer(LeaseStore store, BooleanSupplier mayHaveExpiredLeases, int batchSize, int maxBatches, Duration pause,
                   AsyncTaskMetrics metrics) {
        this.store = store;
        this.mayHaveExpiredLeases = mayHaveExpiredLeases;
        this.batchSize = batchSize;
        this.maxBatches = maxBatches;
        this.pause = pause;
        this.metrics = metrics;
    }

    void recover() {
        if (!mayHaveExpiredLeases.getAsBoolean()) {
            return;
        }
        try {
            for (int batch = 0; batch < maxBatches; batch++) {
                RecoveryBatch result = store.recoverExpiredLeases(batchSize);
                metrics.recovered(result);
                if (result.examined() > 0) {
                    log.info("Recovered expired leases: requeued={}, failed={}, cancelled={}, longest expired {} ms",
                            result.requeued(), result.failed(), result.cancelled(),
                            result.expiredForMillis().stream().mapToLong(Long::longValue).max().orElse(0));
                }
                if (result.examined() < batchSize) {
                    return;
                }
                Thread.sleep(pause.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            log.warn("Lease recovery failed, will try again next round: {}", e.toString());
        }
    }
}
