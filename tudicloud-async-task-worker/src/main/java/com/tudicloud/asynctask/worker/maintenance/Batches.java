package com.tudicloud.asynctask.worker.maintenance;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

/**
 * Work done in short transactions, so that a large amount of it never holds locks for long: one round runs
 * batches of at most {@code size} rows until one comes back short, at most {@code maxBatches} of them, with a
 * pause between.
 */
public record Batches(int size, int maxBatches, Duration pause) {

    /**
     * @param batch one batch: how many rows it handled
     * @param goOn  asked after a full batch, before the next: false ends the round there
     * @return false when {@code goOn} ended the round
     */
    public boolean run(IntSupplier batch, BooleanSupplier goOn) throws InterruptedException {
        for (int done = 1; batch.getAsInt() >= size && done < maxBatches; done++) {
            if (!goOn.getAsBoolean()) {
                return false;
            }
            Thread.sleep(pause.toMillis());
        }
        return true;
    }
}
