package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.testing.DatabaseServer;
import com.tudicloud.asynctask.testing.H2TestDatabase;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/** The schema check names the tables a database lacks, on MySQL/MariaDB and on H2 alike. */
class SchemaCheckTest {

    @Test
    void aDatabaseWithTheSchemaLacksNothing() {
        assertThat(MyBatisStores.create(TestDatabase.get().dataSource()).schemaCheck().missingTables()).isEmpty();
        assertThat(MyBatisStores.create(H2TestDatabase.get()).schemaCheck().missingTables()).isEmpty();
    }

    @Test
    void anEmptyDatabaseLacksEveryTable() {
        DatabaseServer server = TestDatabase.get().server();
        String database = server.recreateScratchDatabase("schema_check");
        try (HikariDataSource empty = server.dataSource(database, 1)) {
            assertThat(MyBatisStores.create(empty).schemaCheck().missingTables()).containsExactly("system_async_task",
                    "system_async_task_lock", "system_async_task_worker", "system_async_task_type",
                    "system_async_task_event", "system_async_task_schedule", "system_async_task_batch",
                    "system_async_task_start", "system_async_task_dependency");
        }
        JdbcDataSource emptyH2 = new JdbcDataSource();
        emptyH2.setURL("jdbc:h2:mem:schema_check;MODE=MySQL;DEFAULT_NULL_ORDERING=HIGH");
        assertThat(MyBatisStores.create(emptyH2).schemaCheck().missingTables()).hasSize(9);
    }

    @Test
    void aDroppedTableIsNamedAlone() {
        DatabaseServer server = TestDatabase.get().server();
        String database = server.recreateScratchDatabase("schema_check_one");
        try (HikariDataSource dataSource = server.dataSource(database, 1)) {
            new JdbcTemplate(dataSource).execute("CREATE TABLE system_async_task_worker (id INT)");
            assertThat(MyBatisStores.create(dataSource).schemaCheck().missingTables()).containsExactly("system_async_task",
                    "system_async_task_lock", "system_async_task_type", "system_async_task_event",
                    "system_async_task_schedule", "system_async_task_batch", "system_async_task_start",
                    "system_async_task_dependency");
        }
    }
}
