package com.tudicloud.asynctask.admin.demo;

import java.time.Instant;

/**
 * One row of {@code demo_import_record}: the proof that the import of one task happened.
 *
 * @param taskId         the primary key: one import per task, however often the task runs
 * @param idempotencyKey the key the worker hands every attempt of the task
 * @param attempt        the attempt that did the import
 * @param importedAt     set by the database on insert; {@code null} in a record not yet written
 */
public record DemoImportRecord(long taskId, String idempotencyKey, String ownerId, int rowCount, int attempt,
                               Instant importedAt) {

    static DemoImportRecord toWrite(long taskId, String idempotencyKey, String ownerId, int rowCount, int attempt) {
        return new DemoImportRecord(taskId, idempotencyKey, ownerId, rowCount, attempt, null);
    }
}
