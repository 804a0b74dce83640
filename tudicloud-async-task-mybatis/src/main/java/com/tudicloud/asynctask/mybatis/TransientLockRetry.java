package com.tudicloud.asynctask.mybatis;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.PessimisticLockingFailureException;

import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Runs a whole transaction again when MySQL chose it as a deadlock victim (1213) or it timed out
 * waiting for a lock (1205). Both are expected now and then when many workers claim, renew and
 * recover the same rows; neither may kill a worker loop. Everything retried here is a complete,
 * rolled-back transaction or a single idempotent statement, so running it again is safe.
 */
final class TransientLockRetry {

    private static final Logger log = LoggerFactory.getLogger(TransientLockRetry.class);

    private final int maxAttempts;
    private final long baseBackoffMillis;
    private final Consumer<String> onRetry;

    TransientLockRetry(int maxAttempts, long baseBackoffMillis, Consumer<String> onRetry) {
        this.maxAttempts = maxAttempts;
        this.baseBackoffMillis = baseBackoffMillis;
        this.onRetry = onRetry;
    }

    <T> T call(String operation, Supplier<T> work) {
        for (int attempt = 1; ; attempt++) {
            try {
                return work.get();
            } catch (PessimisticLockingFailureException e) {
                if (attempt >= maxAttempts) {
                    throw e;
                }
                log.warn("{} hit a lock conflict (attempt {} of {}), retrying: {}", operation, attempt, maxAttempts,
                        e.getMostSpecificCause().getMessage());
                onRetry.accept(operation);
                pause(attempt);
            }
        }
    }

    private void pause(int attempt) {
        // jitter, so that two victims of the same deadlock do not meet again
        long millis = baseBackoffMillis * attempt + ThreadLocalRandom.current().nextLong(baseBackoffMillis + 1);
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting to retry " + getClass().getSimpleName(), e);
        }
    }
}
