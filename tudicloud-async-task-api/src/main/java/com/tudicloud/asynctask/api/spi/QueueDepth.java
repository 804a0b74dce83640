package com.tudicloud.asynctask.api.spi;

/**
 * The tasks of one type waiting for a worker: QUEUED, and SCHEDULED (due later, or due and not yet claimed).
 *
 * @param queued              all of them, due or not
 * @param due                 those due now
 * @param oldestDueAgeMillis  how long the oldest due one has waited, by the database's clock; 0 when none is due
 */
public record QueueDepth(String taskType, long queued, long due, long oldestDueAgeMillis) {
}
