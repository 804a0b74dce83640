package com.tudicloud.asynctask.worker;

import java.time.Duration;

/**
 * How finished tasks are pruned: every {@code interval}, those finished longer ago than their status's age, in
 * batches (one worker of the fleet at a time). Checked when built; the defaults are those of the properties.
 */
public record RetentionConfig(Duration interval, Duration successAge, Duration failedAge, Duration cancelledAge,
                              int batchSize, Duration batchPause, int maxBatches) {

    private static final String P = "async-task.retention.";

    /** Every 10 minutes, successes after 7 days, failures and cancellations after 30, 200 batches of 1,000 at most. */
    public static final RetentionConfig DEFAULTS = new RetentionConfig(Duration.ofMinutes(10), Duration.ofDays(7),
            Duration.ofDays(30), Duration.ofDays(30), 1000, Duration.ofMillis(50), 200);

    /** @throws InvalidAsyncTaskSettingsException naming every setting out of range */
    public RetentionConfig {
        SettingsViolations violations = new SettingsViolations();
        violations.positive(P + "interval", interval);
        violations.notNegative(P + "success-age", successAge);
        violations.notNegative(P + "failed-age", failedAge);
        violations.notNegative(P + "cancelled-age", cancelledAge);
        violations.atLeast(P + "batch-size", batchSize, 1);
        violations.notNegative(P + "batch-pause", batchPause);
        violations.atLeast(P + "max-batches", maxBatches, 1);
        violations.throwIfAny();
    }

    public RetentionConfig withInterval(Duration value) {
        return new RetentionConfig(value, successAge, failedAge, cancelledAge, batchSize, batchPause, maxBatches);
    }

    public RetentionConfig withAges(Duration success, Duration failed, Duration cancelled) {
        return new RetentionConfig(interval, success, failed, cancelled, batchSize, batchPause, maxBatches);
    }

    public RetentionConfig withBatches(int size, Duration pause, int max) {
        return new RetentionConfig(interval, successAge, failedAge, cancelledAge, size, pause, max);
    }
}
