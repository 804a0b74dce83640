package com.tudicloud.asynctask.worker.schedule;

import com.tudicloud.asynctask.worker.AsyncTaskProperties;
import com.tudicloud.asynctask.worker.InvalidWorkerSettingsException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Checks the scheduler settings at start-up; every message names the property. */
final class ScheduleSettingsValidator {

    private static final String P = "async-task.schedules.";
    /** On-time fire times each get a task in one transaction: a longer threshold would make it huge. */
    private static final Duration MAX_MISFIRE_THRESHOLD = Duration.ofHours(1);

    private ScheduleSettingsValidator() {
    }

    static void validate(AsyncTaskProperties.Schedules settings) {
        List<String> violations = new ArrayList<>();
        Duration poll = settings.getPollInterval();
        if (poll == null || poll.isNegative() || poll.isZero()) {
            violations.add(P + "poll-interval must be positive, but is " + poll);
        }
        if (settings.getBatchSize() < 1) {
            violations.add(P + "batch-size must be at least 1, but is " + settings.getBatchSize());
        }
        Duration threshold = settings.getMisfireThreshold();
        if (threshold == null || threshold.isNegative() || threshold.compareTo(MAX_MISFIRE_THRESHOLD) > 0) {
            violations.add(P + "misfire-threshold must be from 0 to " + MAX_MISFIRE_THRESHOLD + ", but is " + threshold);
        }
        if (!violations.isEmpty()) {
            throw new InvalidWorkerSettingsException(violations);
        }
    }
}
