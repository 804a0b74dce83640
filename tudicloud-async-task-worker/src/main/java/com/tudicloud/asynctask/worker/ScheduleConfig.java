package com.tudicloud.asynctask.worker;

import java.time.Duration;

/**
 * How a scheduler polls: at most every {@code refreshInterval} (sooner when a fire time is due or a schedule
 * changes in its JVM), {@code batchSize} due schedules per transaction; a schedule whose next fire time is older
 * than {@code misfireThreshold} is behind and fires as its misfire policy allows. Checked when built.
 */
public record ScheduleConfig(Duration refreshInterval, int batchSize, Duration misfireThreshold) {

    private static final String P = "async-task.schedules.";
    /** Fire times inside the threshold each get a task in one transaction: a longer one could make it huge. */
    private static final Duration MAX_MISFIRE_THRESHOLD = Duration.ofHours(1);

    /** Polls at least every minute, 20 schedules per transaction, behind after a minute. */
    public static final ScheduleConfig DEFAULTS = new ScheduleConfig(Duration.ofSeconds(60), 20, Duration.ofMinutes(1));

    /** @throws InvalidAsyncTaskSettingsException naming every setting out of range */
    public ScheduleConfig {
        SettingsViolations violations = new SettingsViolations();
        violations.positive(P + "refresh-interval", refreshInterval);
        violations.atLeast(P + "batch-size", batchSize, 1);
        violations.notNegative(P + "misfire-threshold", misfireThreshold);
        if (misfireThreshold != null && misfireThreshold.compareTo(MAX_MISFIRE_THRESHOLD) > 0) {
            violations.add(P + "misfire-threshold must be at most " + MAX_MISFIRE_THRESHOLD + ", but is " + misfireThreshold);
        }
        violations.throwIfAny();
    }
}
