package com.tudicloud.asynctask.api.spi;

/**
 * A task this worker now holds.
 *
 * @param attempt           the execution number, 1 for the first
 * @param leaseToken        the fencing token of this claim; every later write for the task must carry it
 * @param pickupDelayMillis how long the task had been due when it was claimed, by the database's clock
 * @param traceParent       the submit's W3C {@code traceparent}, or null when the submitter traced nothing
 * @param batchId           the batch it is a child of, or {@code null}
 */
public record ClaimedTask(long id, String taskType, String payloadJson, int attempt, int maxAttempts,
                          String ownerId, long leaseToken, long pickupDelayMillis, String traceParent, Long batchId) {
}
