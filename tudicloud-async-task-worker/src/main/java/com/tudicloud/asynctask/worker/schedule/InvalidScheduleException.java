package com.tudicloud.asynctask.worker.schedule;

/** A schedule that cannot be stored, and the field of its definition that is wrong. */
public class InvalidScheduleException extends IllegalArgumentException {

    private final String field;

    public InvalidScheduleException(String field, String message) {
        super(field + ": " + message);
        this.field = field;
    }

    /** name, cronExpression, interval, timeZone, taskType, ownerId, maxAttempts, misfirePolicy or misfireBound */
    public String field() {
        return field;
    }

    /** The message without the field in front. */
    public String reason() {
        return getMessage().substring(field.length() + 2);
    }
}
