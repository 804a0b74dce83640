package com.tudicloud.asynctask.worker;

import java.time.Duration;

/**
 * Checks every {@code async-task.*} setting when the properties are bound, so that a value no loop can run
 * with (a zero interval, a negative batch, a duration past any clock) stops start-up with one message naming
 * each property and its range, instead of failing later in a loop, round after round.
 */
public final class AsyncTaskSettingsValidator {

    private static final Duration MAX_MISFIRE_THRESHOLD = Duration.ofHours(1);

    private AsyncTaskSettingsValidator() {
    }

    /** @throws InvalidAsyncTaskSettingsException listing every violation */
    public static void validate(AsyncTaskProperties properties) {
        SettingsViolations violations = new SettingsViolations();
        WorkerSettingsValidator.check(violations, properties.getWorker());
        violations.positive("async-task.metrics.queue-refresh-interval", properties.getMetrics().getQueueRefreshInterval());
        checkRetention(violations, properties.getRetention());
        checkSchedules(violations, properties.getSchedules());
        violations.throwIfAny();
    }

    private static void checkRetention(SettingsViolations violations, AsyncTaskProperties.Retention retention) {
        String p = "async-task.retention.";
        violations.positive(p + "interval", retention.getInterval());
        violations.notNegative(p + "success-age", retention.getSuccessAge());
        violations.notNegative(p + "failed-age", retention.getFailedAge());
        violations.notNegative(p + "cancelled-age", retention.getCancelledAge());
        violations.notNegative(p + "audit-age", retention.getAuditAge());
        violations.atLeast(p + "batch-size", retention.getBatchSize(), 1);
        violations.notNegative(p + "batch-pause", retention.getBatchPause());
        violations.atLeast(p + "max-batches", retention.getMaxBatches(), 1);
    }

    private static void checkSchedules(SettingsViolations violations, AsyncTaskProperties.Schedules schedules) {
        String p = "async-task.schedules.";
        violations.positive(p + "refresh-interval", schedules.getRefreshInterval());
        violations.atLeast(p + "batch-size", schedules.getBatchSize(), 1);
        violations.notNegative(p + "misfire-threshold", schedules.getMisfireThreshold());
        // fire times inside the threshold each get a task in one transaction: a longer one could make it huge
        if (schedules.getMisfireThreshold() != null && schedules.getMisfireThreshold().compareTo(MAX_MISFIRE_THRESHOLD) > 0) {
            violations.add(p + "misfire-threshold must be at most " + MAX_MISFIRE_THRESHOLD + ", but is "
                    + schedules.getMisfireThreshold());
        }
    }
}
