package com.tudicloud.asynctask.test;

import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.DatabaseServer;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A database without the async-task tables gets them from the kit, or the kit says what it needs. */
class KitSchemaTest {

    private static JdbcDataSource emptyH2() {
        JdbcDataSource dataSource = new JdbcDataSource();
        dataSource.setURL("jdbc:h2:mem:kit_" + UUID.randomUUID().toString().replace("-", "")
                + ";MODE=MySQL;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1");
        return dataSource;
    }

    @Test
    void anEmptyH2DatabaseGetsTheSchemaAndRunsTasks() {
        assertRunsATaskOnAnEmptyDatabase(emptyH2());
    }

    @Test
    void anEmptyDatabaseOnTheServerGetsTheSchemaAndRunsTasks() {
        DatabaseServer server = TestDatabase.get().server();
        String database = server.recreateScratchDatabase("kit_schema");
        try (HikariDataSource dataSource = server.dataSource(database, 2)) {
            assertRunsATaskOnAnEmptyDatabase(dataSource);
        }
    }

    @Test
    void withoutLiquibaseTheKitNamesTheMissingTablesAndWhatToApply() {
        JdbcDataSource dataSource = emptyH2();

        assertThatThrownBy(() -> KitSchema.ensure(dataSource, MyBatisStores.create(dataSource).schemaCheck(), false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("The database has no system_async_task, system_async_task_lock, system_async_task_worker, "
                        + "system_async_task_type, system_async_task_event, system_async_task_schedule, "
                        + "system_async_task_batch, system_async_task_start, system_async_task_dependency: TaskTestKit needs the async-task schema. Put "
                        + "org.liquibase:liquibase-core on the test class path, and the kit applies db/async-task/changelog-master.xml itself, or apply that changelog (or "
                        + "sql/mysql/system_async_task.sql) before TaskTestKit.on");
    }

    @Test
    void aKitNeedsAHandler() {
        assertThatThrownBy(() -> TaskTestKit.on(emptyH2()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a TaskTestKit needs at least one handler: its worker runs their task types");
    }

    private static void assertRunsATaskOnAnEmptyDatabase(DataSource dataSource) {
        assertThat(MyBatisStores.create(dataSource).schemaCheck().missingTables()).isNotEmpty();

        TaskTestKit kit = TaskTestKit.on(dataSource, new ScriptedHandler());
        long id = kit.client().submit(TaskRequest.of(ScriptedHandler.TYPE, ScriptedHandler.Script.of("ok:fresh")))
                .taskId();
        kit.worker().runDue();

        kit.assertThatTask(id).succeededWith("fresh");
        assertThat(MyBatisStores.create(dataSource).schemaCheck().missingTables()).isEmpty();
        assertThat(TaskTestKit.on(dataSource, new ScriptedHandler()).assertThatTask(id).task().artifactId())
                .as("a second kit on the same database leaves the schema and the tasks as they are").isEqualTo("fresh");
    }
}
