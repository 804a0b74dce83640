package com.tudicloud.asynctask.api.spi;

/** A task row to insert, payload already serialised; due {@code delayMillis} after the database's now. */
public record NewTask(String taskType, String payloadJson, int priority, long delayMillis, int maxAttempts,
                      String ownerId, String dedupKey) {
}
