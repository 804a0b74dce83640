package com.tudicloud.asynctask.api;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
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
 * @param key         what the task belongs to for the type's per-key cap (a customer, a tenant), or {@code null}:
 *                    then the type's key field, if it has one, names it (see {@link TaskPolicy#keyField()})
 * @param after       the ids of the tasks it waits for (see {@link #after(long...)}); empty for none
 * @param ifDependencyFails what becomes of it when one of them ends FAILED or CANCELLED
 */
public record TaskRequest(String taskType, Object payload, Integer priority, Duration delay, Instant runAt,
                          Integer maxAttempts, String ownerId, String dedupKey, String key, List<Long> after,
                          DependencyFailure ifDependencyFails) {

    public static final int MAX_TASK_TYPE_LENGTH = 100;
    public static final int MAX_OWNER_ID_LENGTH = 128;
    public static final int MAX_DEDUP_KEY_LENGTH = 191;
    public static final int MAX_KEY_LENGTH = 128;
    public static final int DEFAULT_MAX_ATTEMPTS = 3;
    /** The most tasks one task may wait for. */
    public static final int MAX_DEPENDENCIES = 1000;

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
            requireExactKey(dedupKey, "dedupKey", MAX_DEDUP_KEY_LENGTH);
        }
        if (key != null) {
            requireExactKey(key, "key", MAX_KEY_LENGTH);
        }
        after = after == null ? List.of() : List.copyOf(after);
        if (after.size() > MAX_DEPENDENCIES) {
            throw new IllegalArgumentException("a task waits for at most " + MAX_DEPENDENCIES + " tasks: " + after.size());
        }
        if (after.stream().anyMatch(id -> id < 1)) {
            throw new IllegalArgumentException("after names task ids, which are positive: " + after);
        }
        Objects.requireNonNull(ifDependencyFails, "ifDependencyFails");
    }

    /** The fields as given, waiting for no other task. */
    public TaskRequest(String taskType, Object payload, Integer priority, Duration delay, Instant runAt,
                       Integer maxAttempts, String ownerId, String dedupKey, String key) {
        this(taskType, payload, priority, delay, runAt, maxAttempts, ownerId, dedupKey, key, List.of(),
                DependencyFailure.CANCEL);
    }

    /** The fields as given, without a key: the type's key field, if any, names it. */
    public TaskRequest(String taskType, Object payload, Integer priority, Duration delay, Instant runAt,
                       Integer maxAttempts, String ownerId, String dedupKey) {
        this(taskType, payload, priority, delay, runAt, maxAttempts, ownerId, dedupKey, null);
    }

    public static TaskRequest of(String taskType, Object payload) {
        return new TaskRequest(taskType, payload, null, Duration.ZERO, null, null, null, null, null, List.of(),
                DependencyFailure.CANCEL);
    }

    public TaskRequest withPriority(int priority) {
        return new TaskRequest(taskType, payload, priority, delay, runAt, maxAttempts, ownerId, dedupKey, key, after,
                ifDependencyFails);
    }

    public TaskRequest withDelay(Duration delay) {
        return new TaskRequest(taskType, payload, priority, delay, null, maxAttempts, ownerId, dedupKey, key, after,
                ifDependencyFails);
    }

    public TaskRequest withRunAt(Instant runAt) {
        return new TaskRequest(taskType, payload, priority, Duration.ZERO, runAt, maxAttempts, ownerId, dedupKey, key, after,
                ifDependencyFails);
    }

    public TaskRequest withMaxAttempts(int maxAttempts) {
        return new TaskRequest(taskType, payload, priority, delay, runAt, maxAttempts, ownerId, dedupKey, key, after,
                ifDependencyFails);
    }

    public TaskRequest withOwnerId(String ownerId) {
        return new TaskRequest(taskType, payload, priority, delay, runAt, maxAttempts, ownerId, dedupKey, key, after,
                ifDependencyFails);
    }

    public TaskRequest withDedupKey(String dedupKey) {
        return new TaskRequest(taskType, payload, priority, delay, runAt, maxAttempts, ownerId, dedupKey, key, after,
                ifDependencyFails);
    }

    /**
     * The key the task belongs to (a customer, a tenant): with the type's {@code key-concurrency}, at most that many
     * tasks of one key run at once across the fleet. 1 to {@value #MAX_KEY_LENGTH} characters, matched exactly;
     * {@code null} for none.
     */
    public TaskRequest withKey(String key) {
        return new TaskRequest(taskType, payload, priority, delay, runAt, maxAttempts, ownerId, dedupKey, key, after,
                ifDependencyFails);
    }

    /**
     * The tasks this one waits for: it stays WAITING, and no claim takes it, until each of them has ended; it then
     * runs when every one succeeded, and otherwise as {@link #ifDependencyFails(DependencyFailure)} says (by
     * default it ends CANCELLED). A task that has already ended counts as it ended; an id of no task is refused
     * at submit.
     */
    public TaskRequest after(long... taskIds) {
        List<Long> ids = Arrays.stream(taskIds).distinct().boxed().toList();
        return new TaskRequest(taskType, payload, priority, delay, runAt, maxAttempts, ownerId, dedupKey, key, ids,
                ifDependencyFails);
    }

    /** What becomes of this task when a task it waits for ends FAILED or CANCELLED: {@link DependencyFailure#CANCEL} by default. */
    public TaskRequest ifDependencyFails(DependencyFailure rule) {
        return new TaskRequest(taskType, payload, priority, delay, runAt, maxAttempts, ownerId, dedupKey, key, after,
                rule);
    }

    /** A key as the database stores it: refused where it would not be matched exactly. */
    public static String requireKey(String key) {
        requireExactKey(key, "key", MAX_KEY_LENGTH);
        return key;
    }

    private static void requireExactKey(String value, String name, int maxLength) {
        requireText(value, name, maxLength);
        if (!value.equals(value.strip())) {
            // the database compares keys with trailing spaces ignored: refuse them rather than merge two keys
            throw new IllegalArgumentException(name + " must not start or end with white space");
        }
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
