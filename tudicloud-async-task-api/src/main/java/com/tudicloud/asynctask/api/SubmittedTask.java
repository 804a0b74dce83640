package com.tudicloud.asynctask.api;

/**
 * What a submission produced.
 *
 * @param taskId  the new task, or the existing one with the same dedup key
 * @param created {@code false} when the dedup key matched an existing task and nothing was inserted
 */
public record SubmittedTask(long taskId, boolean created) {
}
