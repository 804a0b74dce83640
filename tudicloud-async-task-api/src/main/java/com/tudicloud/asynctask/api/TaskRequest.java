package com.tudicloud.asynctask.api;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One task to submit. Build it with {@link #of(String, Object)} and the {@code with...} methods;
 * the instance is immutable.
 *
 * @param taskType    the handler that runs it, e.g. {@code "report.export"}
 * @param payload     any JSON-serialisable value, or {@code null}
 * @param priority    higher runs first among due tasks; {@code null} for the task type's default priority
 * @param delay       how long after submission the task becomes due; never negative
 * @param runAt       an absolute due time instead of a delay, or {@code null}
 * @param maxAttempts executions allowed before the task ends FAILED, at least 1; {@code null} for the task
 *                    type's (see {@link TaskPolicy}), which is {@value #DEFAULT_MAX_ATTEMPTS} unless it says otherwise
 * @param ownerId     who the task belongs to (a user, a tenant), for listing; may be {@code null}
 * @param dedupKey    when set, a second submission with the same type and key returns the first task
 */
public record TaskRequest(String taskType, Object payload, Integer priority, Duration delay, Instant runAt,
                          Integer maxAttempts, String ownerId, String dedupKey) {

    public static final int MAX_TASK_TYPE_LENGTH = 100;
    public static final int MAX_OWNER_ID_LENGTH = 128;
    public static final int MAX_DEDUP_KEY_LENGTH = 191;
    public static final int DEFAULT_MAX_ATTEMPTS = 3;

    public TaskRequest {
        requireText(taskType, "taskType", MAX_TASK_TYPE_LENGTH);
        Objects.requireNonNull(delay, "delay");
        if (delay.isNegative()) {
            throw new IllegalArgumentException("delay must not be negative: " + delay);
        }
        if (maxAttempts != null && maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
        }
        if (ownerId != null) {
            requireText(ownerId, "ownerId", MAX_OWNER_ID_LENGTH);
        }
        if (dedupKey != null) {
            requireText(dedupKey, "dedupKey", MAX_DEDUP_KEY_LENGTH);
            if (!dedupKey.equals(dedupKey.strip())) {
                // the database compares keys with trailing spaces ignored: refuse them rather than merge two keys
                throw new IllegalArgumentException("dedupKey must not start or end with white space");
            }
        }
    }

    public static TaskRequest of(String taskType, Object payload) {
        return new TaskRequest(taskType, payload, null, Duration.ZERO, null, null, null, null);
    }

    public TaskRequest withPriority(int priority) {
        return new TaskRequest(taskType, payload, priority, delay, runAt, maxAttempts, ownerId, dedupKey);
    }

    public TaskRequest withDelay(Duration delay) {
        return new TaskRequest(taskType, payload, priority, delay, null, maxAttempts, ownerId, dedupKey);
    }

    public TaskRequest withRunAt(Instant runAt) {
        return new TaskRequest(taskType, payload, priority, Duration.ZERO, runAt, maxAttempts, ownerId, dedupKey);
    }

    public TaskRequest withMaxAttempts(int maxAttempts) {
        return new TaskRequest(taskType, payload, priority, delay, runAt, maxAttempts, ownerId, dedupKey);
    }

    public TaskRequest withOwnerId(String ownerId) {
        return new TaskRequest(taskType, payload, priority, delay, runAt, maxAttempts, ownerId, dedupKey);
    }

    public TaskRequest withDedupKey(String dedupKey) {
        return new TaskRequest(taskType, payload, priority, delay, runAt, maxAttempts, ownerId, dedupKey);
    }

    private static void requireText(String value, String name, int maxLength) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " must not be blank");
        }
        if (value.length() > maxLength) {
            throw new IllegalArgumentException(name + " must be at most " + maxLength + " characters");
        }
    }
}
