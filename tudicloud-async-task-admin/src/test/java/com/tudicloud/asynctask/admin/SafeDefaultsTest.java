package com.tudicloud.asynctask.admin;

import com.tudicloud.asynctask.admin.security.NoLoginsException;
import com.tudicloud.asynctask.testing.DatabaseServer;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The admin pointed at a database server with nothing else set: no demo logins, no demo handlers or feeder, no
 * demo table and no demo task. It refuses to start, saying which users to configure, or how to ask for the
 * demo after all.
 */
class SafeDefaultsTest {

    private final DatabaseServer server = TestDatabase.get().server();

    @Test
    void withOnlyADatabaseServerConfiguredTheAdminRefusesToStartAndWritesNoDemoTableOrTask() {
        String database = server.recreateScratchDatabase("safe_defaults");

        assertThatThrownBy(() -> new SpringApplicationBuilder(AsyncTaskAdminApplication.class)
                .run("--spring.datasource.url=" + server.jdbcUrl(database),
                        "--spring.datasource.username=" + server.username(),
                        "--spring.datasource.password=" + server.password(), "--server.port=0"))
                .hasRootCauseInstanceOf(NoLoginsException.class)
                .rootCause().hasMessageContaining("The demo and its logins (viewer/viewer, operator/operator) run only on "
                        + "the embedded H2 database");

        List<String> tables = tables(server, database);
        assertThat(tables).doesNotContain("demo_import_record");
        if (tables.contains("system_async_task")) {
            try (HikariDataSource dataSource = server.dataSource(database, 1)) {
                assertThat(new JdbcTemplate(dataSource).queryForObject("SELECT COUNT(*) FROM system_async_task", Long.class))
                        .isZero();
            }
        }
    }


    private static List<String> tables(DatabaseServer server, String database) {
        try (HikariDataSource dataSource = server.dataSource(database, 1)) {
            return new JdbcTemplate(dataSource).queryForList("SELECT LOWER(table_name) FROM information_schema.tables "
                    + "WHERE table_schema = ?", String.class, database);
        }
    }
}
