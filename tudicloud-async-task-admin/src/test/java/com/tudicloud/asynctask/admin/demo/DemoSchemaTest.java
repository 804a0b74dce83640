package com.tudicloud.asynctask.admin.demo;

import com.tudicloud.asynctask.mybatis.testing.DatabaseServer;
import com.tudicloud.asynctask.mybatis.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo changeset on the real database. Test databases are reset by dropping async-task's tables
 * and the Liquibase history only (TestDatabase does so), which leaves demo_import_record behind; the
 * admin changelog must still apply on the next run.
 */
class DemoSchemaTest {

    @Test
    void theChangelogAppliesAgainOverADemoTableWhoseHistoryWasDropped() {
        DatabaseServer server = TestDatabase.get().server();
        String database = server.recreateScratchDatabase("demo_schema");
        try (HikariDataSource dataSource = server.dataSource(database, 2)) {
            AdminChangelog.apply(dataSource);
            JdbcTemplate jdbc = new JdbcTemplate(dataSource);
            jdbc.update("INSERT INTO demo_import_record (task_id, idempotency_key, row_count, attempt, imported_at)"
                    + " VALUES (1, 'demo.import:1', 10, 1, NOW(3))");
            jdbc.execute("DROP TABLE system_async_task, system_async_task_lock, system_async_task_worker, system_async_task_type,"
                    + " system_async_task_schedule,"
                    + " DATABASECHANGELOG, DATABASECHANGELOGLOCK");

            AdminChangelog.apply(dataSource);

            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM demo_import_record", Long.class)).isEqualTo(1);
            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task", Long.class)).isZero();
        }
    }
}
