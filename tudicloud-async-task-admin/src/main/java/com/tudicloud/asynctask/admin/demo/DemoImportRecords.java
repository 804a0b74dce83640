package com.tudicloud.asynctask.admin.demo;

import java.util.Optional;

/** The statements on {@code demo_import_record}. */
public interface DemoImportRecords {

    Optional<DemoImportRecord> findByTaskId(long taskId);

    /** Fails with a duplicate key when the task already has a record. */
    void insert(DemoImportRecord record);
}
