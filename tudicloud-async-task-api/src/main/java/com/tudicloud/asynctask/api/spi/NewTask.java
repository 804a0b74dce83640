package com.tudicloud.asynctask.api.spi;

/**
 * A task row to insert, payload already serialised; due {@code delayMillis} after the database's now.
 *
 * @param taskKey what the task belongs to for its type's per-key cap, or null
 */
public record NewTask(String taskType, String payloadJson, int priority, long delayMillis, int maxAttempts,
                      String ownerId, String dedupKey, String taskKey) {

    /** A task without a key. */
    public NewTask(String taskType, String payloadJson, int priority, long delayMillis, int maxAttempts,
                   String ownerId, String dedupKey) {
        this(taskType, payloadJson, priority, delayMillis, maxAttempts, ownerId, dedupKey, null);
    }
}
