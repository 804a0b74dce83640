package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.worker.AsyncTaskProperties;

import java.time.Duration;
import java.util.function.DoubleSupplier;

/** Exponential backoff with jitter: initial x multiplier^(attempt-1), capped, then spread by +/- jitter. */
final class RetryBackoff {

    private final AsyncTaskProperties.Retry settings;
    private final DoubleSupplier random;

    RetryBackoff(AsyncTaskProperties.Retry settings, DoubleSupplier random) {
        this.settings = settings;
        this.random = random;
    }

    /** @param attempt the attempt that just failed, 1 for the first */
    Duration delayAfter(int attempt) {
        double base = settings.getInitialBackoff().toMillis() * Math.pow(settings.getMultiplier(), attempt - 1);
        double capped = Math.min(base, settings.getMaxBackoff().toMillis());
        double spread = 1 + settings.getJitter() * (2 * random.getAsDouble() - 1);
        return Duration.ofMillis(Math.round(capped * spread));
    }
}
