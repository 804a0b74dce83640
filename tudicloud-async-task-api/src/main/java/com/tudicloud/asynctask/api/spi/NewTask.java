package com.tudicloud.asynctask.api.spi;

import com.tudicloud.asynctask.api.DependencyFailure;

import java.util.List;

/**
 * A task row to insert, payload already serialised; due {@code delayMillis} after the database's now.
 *
 * @param taskKey     what the task belongs to for its type's per-key cap, or null
 * @param traceParent the submit's trace context as a W3C {@code traceparent} header, continued by the execution;
 *                    null when the submitter traces nothing
 * @param after       the ids of the tasks it waits for; empty for none
 * @param ifDependencyFails what becomes of it when one of them ends FAILED or CANCELLED
 */
public record NewTask(String taskType, String payloadJson, int priority, long delayMillis, int maxAttempts,
                      String ownerId, String dedupKey, String taskKey, String traceParent, List<Long> after,
                      DependencyFailure ifDependencyFails) {

    /** The longest trace context a row holds: a version-00 {@code traceparent} header. */
    public static final int MAX_TRACE_PARENT_LENGTH = 55;

    public NewTask {
        if (traceParent != null && traceParent.length() > MAX_TRACE_PARENT_LENGTH) {
            throw new IllegalArgumentException("traceParent must be at most " + MAX_TRACE_PARENT_LENGTH
                    + " characters (a W3C traceparent header): " + traceParent.length());
        }
        after = after == null ? List.of() : List.copyOf(after);
        ifDependencyFails = ifDependencyFails == null ? DependencyFailure.CANCEL : ifDependencyFails;
    }

    /** A task that waits for no other task. */
    public NewTask(String taskType, String payloadJson, int priority, long delayMillis, int maxAttempts,
                   String ownerId, String dedupKey, String taskKey, String traceParent) {
        this(taskType, payloadJson, priority, delayMillis, maxAttempts, ownerId, dedupKey, taskKey, traceParent,
                List.of(), DependencyFailure.CANCEL);
    }

    /** Whether it waits for other tasks. */
    public boolean hasDependencies() {
        return !after.isEmpty();
    }

    /** A task without a key, submitted outside any trace. */
    public NewTask(String taskType, String payloadJson, int priority, long delayMillis, int maxAttempts,
                   String ownerId, String dedupKey) {
        this(taskType, payloadJson, priority, delayMillis, maxAttempts, ownerId, dedupKey, null, null);
    }
}
