package com.tudicloud.asynctask.worker.schedule;

import com.tudicloud.asynctask.api.RecurringTask;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.spi.ScheduleDefinition;

import java.time.Instant;

/**
 * Checks a schedule before it is stored, whether declared in code or sent by an operator; every message
 * names the field. Checked here rather than by the database, so that nothing half-valid is ever written.
 */
public final class ScheduleValidation {

    /** The longest zone id the store keeps. */
    public static final int MAX_ZONE_LENGTH = 64;

    private ScheduleValidation() {
    }

    /**
     * @return the first fire time after {@code now}
     * @throws IllegalArgumentException naming what is wrong
     */
    public static Instant validate(ScheduleDefinition d, Instant now) {
        RecurringTask.requireName(d.name());
        if ((d.cronExpression() == null) == (d.interval() == null)) {
            throw new IllegalArgumentException("schedule " + d.name() + ": give either cron or interval, not both or neither");
        }
        if (d.cronExpression() != null && (d.cronExpression().isBlank()
                || d.cronExpression().length() > RecurringTask.MAX_CRON_LENGTH)) {
            throw new IllegalArgumentException("cron must be 1 to " + RecurringTask.MAX_CRON_LENGTH + " characters");
        }
        if (d.interval() != null && (d.interval().compareTo(RecurringTask.MIN_INTERVAL) < 0
                || d.interval().compareTo(RecurringTask.MAX_INTERVAL) > 0)) {
            throw new IllegalArgumentException("interval must be from " + RecurringTask.MIN_INTERVAL + " to "
                    + RecurringTask.MAX_INTERVAL + ", but is " + d.interval());
        }
        if (d.timeZone() == null || d.timeZone().length() > MAX_ZONE_LENGTH) {
            throw new IllegalArgumentException("timeZone must be a zone id of at most " + MAX_ZONE_LENGTH + " characters");
        }
        text(d.taskType(), "taskType", TaskRequest.MAX_TASK_TYPE_LENGTH);
        if (d.ownerId() != null) {
            text(d.ownerId(), "ownerId", TaskRequest.MAX_OWNER_ID_LENGTH);
        }
        if (d.maxAttempts() < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1, but is " + d.maxAttempts());
        }
        if (d.misfirePolicy() == null || d.overlapPolicy() == null) {
            throw new IllegalArgumentException("misfirePolicy and overlapPolicy must be set");
        }
        if (d.misfireBound() < 1 || d.misfireBound() > RecurringTask.MAX_MISFIRE_BOUND) {
            throw new IllegalArgumentException("misfireBound must be from 1 to " + RecurringTask.MAX_MISFIRE_BOUND
                    + ", but is " + d.misfireBound());
        }
        Instant first = Recurrence.of(d, now).next(now);
        if (first.equals(Recurrence.NEVER)) {
            throw new IllegalArgumentException("cron expression '" + d.cronExpression() + "' never fires");
        }
        return first;
    }

    private static void text(String value, String field, int maxLength) {
        if (value == null || value.isBlank() || value.length() > maxLength) {
            throw new IllegalArgumentException(field + " must be 1 to " + maxLength + " characters, not blank");
        }
    }
}
