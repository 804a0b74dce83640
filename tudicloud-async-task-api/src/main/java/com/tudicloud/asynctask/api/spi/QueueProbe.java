package com.tudicloud.asynctask.api.spi;

/**
 * What one look at the task table, without a lock or a transaction, tells a worker that found nothing to
 * claim: whether a claim of its types would now find a due task (unless another worker takes it first),
 * and whether some worker's lease has expired and awaits recovery.
 */
public record QueueProbe(boolean dueTasks, boolean expiredLeases) {

    /** What a store that cannot look answers: maybe either, so the worker claims and recovers as without a look. */
    public static final QueueProbe UNKNOWN = new QueueProbe(true, true);
}
