package com.tudicloud.asynctask.admin.demo;

import com.tudicloud.asynctask.testing.DatabaseServer;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.config.YamlPropertiesFactoryBean;
import com.tudicloud.asynctask.autoconfigure.AsyncTaskClientAutoConfiguration;
import com.tudicloud.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.liquibase.autoconfigure.LiquibaseAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

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
            jdbc.execute("DROP TABLE system_async_task_event, system_async_task, system_async_task_lock, system_async_task_worker, system_async_task_type,"
                    + " system_async_task_audit, system_async_task_batch, system_async_task_start, system_async_task_dependency,"
                    + " system_async_task_schedule,"
                    + " DATABASECHANGELOG, DATABASECHANGELOGLOCK");

            AdminChangelog.apply(dataSource);

            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM demo_import_record", Long.class)).isEqualTo(1);
            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task", Long.class)).isZero();
        }
    }

    /** The demo's table is the demo's: created only where the demo runs, on a database server only when asked for. */
    @Test
    void theDemoTableComesOnlyWithTheDemo() {
        DatabaseServer server = TestDatabase.get().server();
        ApplicationContextRunner admin = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        DataSourceTransactionManagerAutoConfiguration.class, TransactionAutoConfiguration.class,
                        LiquibaseAutoConfiguration.class,
                        AsyncTaskClientAutoConfiguration.class, AsyncTaskAutoConfiguration.class))
                .withUserConfiguration(DemoConfiguration.class)
                .withPropertyValues("spring.liquibase.change-log=classpath:db/async-task/changelog-master.xml",
                        "spring.datasource.username=" + server.username(), "spring.datasource.password=" + server.password(),
                        "async-task.demo.initial-tasks-per-type=0", "async-task.demo.tasks-per-feed=0",
                        "async-task.schedules.enabled=false");
        String quiet = server.recreateScratchDatabase("demo_table_quiet");
        admin.withPropertyValues("spring.datasource.url=" + server.jdbcUrl(quiet)).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean(DemoImportLedger.class);
        });
        String asked = server.recreateScratchDatabase("demo_table_asked");
        admin.withPropertyValues("spring.datasource.url=" + server.jdbcUrl(asked), "async-task.demo.enabled=true")
                .run(context -> assertThat(context).hasSingleBean(DemoImportLedger.class));

        assertThat(tables(server, quiet)).contains("system_async_task").doesNotContain("demo_import_record");
        assertThat(tables(server, asked)).contains("system_async_task", "demo_import_record");
    }

    private static List<String> tables(DatabaseServer server, String database) {
        try (HikariDataSource dataSource = server.dataSource(database, 1)) {
            return new JdbcTemplate(dataSource).queryForList("SELECT LOWER(table_name) FROM information_schema.tables "
                    + "WHERE table_schema = ?", String.class, database);
        }
    }

    /**
     * The demo as shipped, started a second time on the same ./data directory: the schema step, the demo's table
     * included, finds its history.
     */
    @Test
    void theDemoStartsAgainOnItsOwnEmbeddedDatabase(@TempDir Path dataDirectory) {
        Properties shipped = new YamlPropertiesFactoryBean() {{
            setResources(new ClassPathResource("application.yml"));
        }}.getObject();
        String url = shipped.getProperty("spring.datasource.url").replace("./data/", dataDirectory + "/");
        ApplicationContextRunner demo = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, LiquibaseAutoConfiguration.class))
                .withBean(DemoSchema.class)
                .withPropertyValues("spring.datasource.url=" + url,
                        "spring.datasource.username=" + shipped.getProperty("spring.datasource.username"),
                        "spring.datasource.password=",
                        "spring.liquibase.change-log=" + shipped.getProperty("spring.liquibase.change-log"));

        demo.run(first -> assertThat(first).hasNotFailed());
        demo.run(second -> {
            assertThat(second).hasNotFailed();
            JdbcTemplate jdbc = new JdbcTemplate(second.getBean(DataSource.class));
            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task", Long.class)).isZero();
            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM demo_import_record", Long.class)).isZero();
        });
    }
}
