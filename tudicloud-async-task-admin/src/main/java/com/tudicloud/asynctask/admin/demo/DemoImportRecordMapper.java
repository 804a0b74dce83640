package com.tudicloud.asynctask.admin.demo;

import java.util.List;

/**
 * The statements on {@code demo_import_record}, in DemoImportRecordMapper.xml. Not annotated for
 * mapper scanning: {@link DemoConfiguration} takes it from the SqlSessionTemplate only when the demo
 * is on.
 */
public interface DemoImportRecordMapper {

    /** The record of a task, or {@code null}. */
    DemoImportRecord selectByTaskId(long taskId);

    /** Fails with a duplicate key when the task already has a record. */
    int insert(DemoImportRecord record);

    List<Long> selectTaskIds();
}
