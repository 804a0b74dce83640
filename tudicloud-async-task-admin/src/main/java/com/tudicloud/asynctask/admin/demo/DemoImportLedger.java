package com.tudicloud.asynctask.admin.demo;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.Optional;

/**
 * Records each demo import once, under its task id: an idempotent handler, as at-least-once execution needs.
 * The check and the insert share one transaction, the one in which a real import would also write
 * its business rows; the primary key turns a concurrent duplicate into a failed insert.
 */
public class DemoImportLedger {

    private final DemoImportRecords records;
    private final TransactionTemplate transaction;

    public DemoImportLedger(DemoImportRecords records, TransactionTemplate transaction) {
        this.records = records;
        this.transaction = transaction;
    }

    /** @return {@code true} if this call recorded the import, {@code false} if another execution had */
    public boolean recordOnce(DemoImportRecord record) {
        try {
            return Boolean.TRUE.equals(transaction.execute(status -> insertIfAbsent(record)));
        } catch (DuplicateKeyException e) {
            // another execution of the same task inserted between our check and our insert, and committed
            return false;
        }
    }

    private boolean insertIfAbsent(DemoImportRecord record) {
        if (records.findByTaskId(record.taskId()).isPresent()) {
            return false;
        }
        records.insert(record);
        return true;
    }

    public Optional<DemoImportRecord> find(long taskId) {
        return records.findByTaskId(taskId);
    }
}
