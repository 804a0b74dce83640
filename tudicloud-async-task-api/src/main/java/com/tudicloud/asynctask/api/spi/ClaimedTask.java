package com.tudicloud.asynctask.api.spi;

/**
 * A task this worker now holds.
 *
 * @param attempt           the execution number, 1 for the first
 * @param leaseToken        the fencing token of this claim; every later write for the task must carry it
 * @param pickupDelayMillis how long the task had been due when it was claimed, by the database's clock
 * @param traceParent       the submit's W3C {@code traceparent}, or null when the submitter traced nothing
 * @param batchId           the batch it is a child of, or {@code null}
 * @param hasDependents     whether tasks waited for it when it was claimed (its end counts them down)
 */
public record ClaimedTask(long id, String taskType, String payloadJson, int attempt, int maxAttempts,
                          String ownerId, long leaseToken, long pickupDelayMillis, String traceParent, Long batchId,
                          boolean hasDependents) {

    /** A task nothing waited for when it was claimed. */
    public ClaimedTask(long id, String taskType, String payloadJson, int attempt, int maxAttempts, String ownerId,
                       long leaseToken, long pickupDelayMillis, String traceParent, Long batchId) {
        this(id, taskType, payloadJson, attempt, maxAttempts, ownerId, leaseToken, pickupDelayMillis, traceParent,
                batchId, false);
    }
}
