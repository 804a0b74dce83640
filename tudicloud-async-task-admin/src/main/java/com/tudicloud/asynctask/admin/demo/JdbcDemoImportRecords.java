package com.tudicloud.asynctask.admin.demo;

import org.springframework.jdbc.core.simple.JdbcClient;

import javax.sql.DataSource;
import java.sql.Timestamp;
import java.util.Optional;

/** {@link DemoImportRecords} in plain JDBC: two statements are not worth a MyBatis mapper of the admin's own. */
public class JdbcDemoImportRecords implements DemoImportRecords {

    private final JdbcClient jdbc;

    public JdbcDemoImportRecords(DataSource dataSource) {
        this.jdbc = JdbcClient.create(dataSource);
    }

    @Override
    public Optional<DemoImportRecord> findByTaskId(long taskId) {
        return jdbc.sql("SELECT task_id, idempotency_key, owner_id, row_count, attempt, imported_at"
                        + " FROM demo_import_record WHERE task_id = ?")
                .param(taskId)
                .query((row, n) -> new DemoImportRecord(row.getLong("task_id"), row.getString("idempotency_key"),
                        row.getString("owner_id"), row.getInt("row_count"), row.getInt("attempt"),
                        row.getObject("imported_at", Timestamp.class).toInstant()))
                .optional();
    }

    @Override
    public void insert(DemoImportRecord record) {
        jdbc.sql("INSERT INTO demo_import_record (task_id, idempotency_key, owner_id, row_count, attempt, imported_at)"
                        + " VALUES (?, ?, ?, ?, ?, CURRENT_TIMESTAMP(3))")
                .params(record.taskId(), record.idempotencyKey(), record.ownerId(), record.rowCount(), record.attempt())
                .update();
    }
}
