package com.tudicloud.asynctask.worker.schedule;

import com.tudicloud.asynctask.api.RecurringTask;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.spi.ScheduleDefinition;

import java.time.Instant;

/**
 * Checks a schedule before it is stored, whether declared in code or sent by an operator, so that nothing
 * half-valid is ever written; each failure names the field.
 */
public final class ScheduleValidation {

    /** The longest zone id the store keeps. */
    public static final int MAX_ZONE_LENGTH = 64;

    private ScheduleValidation() {
    }

    /**
     * @return the first fire time after {@code now}
     * @throws InvalidScheduleException naming the field that is wrong
     */
    public static Instant validate(ScheduleDefinition d, Instant now) {
        try {
            RecurringTask.requireName(d.name());
        } catch (IllegalArgumentException e) {
            throw new InvalidScheduleException("name", e.getMessage());
        }
        if ((d.cronExpression() == null) == (d.interval() == null)) {
            throw new InvalidScheduleException("cronExpression", "give either a cron expression or an interval");
        }
        if (d.cronExpression() != null && (d.cronExpression().isBlank()
                || d.cronExpression().length() > RecurringTask.MAX_CRON_LENGTH)) {
            throw new InvalidScheduleException("cronExpression", "must be 1 to " + RecurringTask.MAX_CRON_LENGTH
                    + " characters");
        }
        if (d.interval() != null && (d.interval().compareTo(RecurringTask.MIN_INTERVAL) < 0
                || d.interval().compareTo(RecurringTask.MAX_INTERVAL) > 0)) {
            throw new InvalidScheduleException("interval", "must be from " + RecurringTask.MIN_INTERVAL + " to "
                    + RecurringTask.MAX_INTERVAL + ", but is " + d.interval());
        }
        if (d.timeZone() == null || d.timeZone().length() > MAX_ZONE_LENGTH) {
            throw new InvalidScheduleException("timeZone", "must be a zone id of at most " + MAX_ZONE_LENGTH + " characters");
        }
        text(d.taskType(), "taskType", TaskRequest.MAX_TASK_TYPE_LENGTH);
        if (d.ownerId() != null) {
            text(d.ownerId(), "ownerId", TaskRequest.MAX_OWNER_ID_LENGTH);
        }
        if (d.maxAttempts() < 1) {
            throw new InvalidScheduleException("maxAttempts", "must be at least 1, but is " + d.maxAttempts());
        }
        if (d.misfirePolicy() == null || d.overlapPolicy() == null) {
            throw new InvalidScheduleException(d.misfirePolicy() == null ? "misfirePolicy" : "overlapPolicy", "must be set");
        }
        if (d.misfireBound() < 1 || d.misfireBound() > RecurringTask.MAX_MISFIRE_BOUND) {
            throw new InvalidScheduleException("misfireBound", "must be from 1 to " + RecurringTask.MAX_MISFIRE_BOUND
                    + ", but is " + d.misfireBound());
        }
        Recurrence recurrence;
        try {
            Recurrence.zone(d.timeZone());
        } catch (IllegalArgumentException e) {
            throw new InvalidScheduleException("timeZone", e.getMessage());
        }
        try {
            recurrence = Recurrence.of(d, now);
        } catch (IllegalArgumentException e) {
            throw new InvalidScheduleException("cronExpression", e.getMessage());
        }
        Instant first = recurrence.next(now);
        if (first.equals(Recurrence.NEVER)) {
            throw new InvalidScheduleException("cronExpression", "'" + d.cronExpression() + "' never fires");
        }
        return first;
    }

    private static void text(String value, String field, int maxLength) {
        if (value == null || value.isBlank() || value.length() > maxLength) {
            throw new InvalidScheduleException(field, "must be 1 to " + maxLength + " characters, not blank");
        }
    }
}
