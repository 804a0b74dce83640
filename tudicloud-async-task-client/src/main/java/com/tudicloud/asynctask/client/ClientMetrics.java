package com.tudicloud.asynctask.client;

/**
 * What the client and the stores under it report. Every method does nothing by default; the
 * Micrometer implementation turns the calls into meters tagged by task type or operation (never by task id).
 */
public interface ClientMetrics {

    ClientMetrics NONE = new ClientMetrics() {
    };

    /** A submit committed; {@code created=false}: a task with the same dedup key already existed. */
    default void submitted(String taskType, boolean created) {
    }

    /** A store operation retried after a deadlock or a lock wait timeout. */
    default void databaseRetry(String operation) {
    }
}
