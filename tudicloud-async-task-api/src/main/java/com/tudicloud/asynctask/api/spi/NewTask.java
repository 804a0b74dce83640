package com.tudicloud.asynctask.api.spi;

/**
 * A task row to insert, payload already serialised; due {@code delayMillis} after the database's now.
 *
 * @param taskKey     what the task belongs to for its type's per-key cap, or null
 * @param traceParent the submit's trace context as a W3C {@code traceparent} header, continued by the execution;
 *                    null when the submitter traces nothing
 */
public record NewTask(String taskType, String payloadJson, int priority, long delayMillis, int maxAttempts,
                      String ownerId, String dedupKey, String taskKey, String traceParent) {

    /** The longest trace context a row holds: a version-00 {@code traceparent} header. */
    public static final int MAX_TRACE_PARENT_LENGTH = 55;

    public NewTask {
        if (traceParent != null && traceParent.length() > MAX_TRACE_PARENT_LENGTH) {
            throw new IllegalArgumentException("traceParent must be at most " + MAX_TRACE_PARENT_LENGTH
                    + " characters (a W3C traceparent header): " + traceParent.length());
        }
    }

    /** A task without a key, submitted outside any trace. */
    public NewTask(String taskType, String payloadJson, int priority, long delayMillis, int maxAttempts,
                   String ownerId, String dedupKey) {
        this(taskType, payloadJson, priority, delayMillis, maxAttempts, ownerId, dedupKey, null, null);
    }
}
