package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.worker.InvalidAsyncTaskSettingsException;
import com.tudicloud.asynctask.worker.RetentionConfig;
import com.tudicloud.asynctask.worker.ScheduleConfig;
import com.tudicloud.asynctask.worker.SettingsViolations;
import com.tudicloud.asynctask.worker.WorkerConfig;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The {@code async-task.*} properties as the engine takes them, each concern's checked once, as its config is
 * built: a value no loop can run with (a zero interval, a negative batch, a duration past any clock) stops the
 * start with one message naming every property out of range, instead of failing later in a loop.
 */
public final class AsyncTaskSettings {

    private final WorkerConfig worker;
    private final RetentionConfig retention;
    private final ScheduleConfig schedules;
    private final Duration queueRefreshInterval;
    private final Duration auditAge;

    /** @throws InvalidAsyncTaskSettingsException listing every violation of every concern */
    public AsyncTaskSettings(AsyncTaskWorkerProperties worker, AsyncTaskRetentionProperties retention,
                             AsyncTaskScheduleProperties schedules, AsyncTaskMetricsProperties metrics) {
        List<String> violations = new ArrayList<>();
        this.worker = checked(worker::toConfig, violations);
        this.retention = checked(retention::toConfig, violations);
        this.schedules = checked(schedules::toConfig, violations);
        this.queueRefreshInterval = metrics.getQueueRefreshInterval();
        this.auditAge = retention.getAuditAge();
        SettingsViolations others = new SettingsViolations();
        others.positive("async-task.metrics.queue-refresh-interval", queueRefreshInterval);
        others.notNegative("async-task.retention.audit-age", auditAge);
        checked(() -> {
            others.throwIfAny();
            return null;
        }, violations);
        if (!violations.isEmpty()) {
            throw new InvalidAsyncTaskSettingsException(violations);
        }
    }

    private static <T> T checked(Supplier<T> config, List<String> violations) {
        try {
            return config.get();
        } catch (InvalidAsyncTaskSettingsException e) {
            violations.addAll(e.violations());
            return null;
        }
    }

    public WorkerConfig worker() {
        return worker;
    }

    public RetentionConfig retention() {
        return retention;
    }

    public ScheduleConfig schedules() {
        return schedules;
    }

    public Duration queueRefreshInterval() {
        return queueRefreshInterval;
    }

    /** How long the admin application keeps its audit trail's records. */
    public Duration auditAge() {
        return auditAge;
    }
}
