package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.testing.DatabaseServer;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A service with two DataSources: "tasks" holds the async-task tables, "business" (a database without
 * them) holds the service's own. async-task uses the one named or @Primary, and refuses to guess.
 */
class DataSourceChoiceTest {

    private final TestDatabase db = TestDatabase.get();
    private HikariDataSource business;
    private HikariDataSource tasks;

    @BeforeEach
    void twoDatabases() {
        DatabaseServer server = db.server();
        business = server.dataSource(server.recreateScratchDatabase("business"), 2);
        tasks = db.newDataSource(2);
        db.deleteAllTasks();
    }

    @AfterEach
    void close() {
        business.close();
        tasks.close();
    }

    private ApplicationContextRunner service() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        AsyncTaskClientAutoConfiguration.class, AsyncTaskAutoConfiguration.class))
                .withBean("business", DataSource.class, () -> business)
                .withBean("tasks", DataSource.class, () -> tasks)
                .withPropertyValues("async-task.worker.enabled=false");
    }

    @Test
    void twoDataSourcesWithNoneNamedOrPrimaryStopTheStartListingThem() {
        service().run(context -> {
            assertThat(context).hasFailed();
            FailureAnalysis analysis = new DataSourceChoiceFailureAnalyzer().analyze(context.getStartupFailure());
            assertThat(analysis).as("a DataSource choice failure").isNotNull();
            assertThat(analysis.getDescription()).isEqualTo("The application has 2 DataSource beans [business, tasks] "
                    + "and none is @Primary, so async-task cannot tell which one holds its tables.");
            assertThat(analysis.getAction()).contains("async-task.datasource=business", "@Primary");
        });
    }

    @Test
    void theNamedDataSourceHoldsTheTasks() {
        service().withPropertyValues("async-task.datasource=tasks").run(this::submitsIntoTheTasksDatabase);
    }

    @Test
    void thePrimaryDataSourceServesWithoutTheProperty() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        AsyncTaskClientAutoConfiguration.class, AsyncTaskAutoConfiguration.class))
                .withBean("business", DataSource.class, () -> business)
                .withBean("tasks", DataSource.class, () -> tasks, definition -> definition.setPrimary(true))
                .withPropertyValues("async-task.worker.enabled=false")
                .run(this::submitsIntoTheTasksDatabase);
    }

    @Test
    void aNameThatIsNoDataSourceStopsTheStartNamingIt() {
        service().withPropertyValues("async-task.datasource=taskz").run(context -> {
            assertThat(context).hasFailed();
            FailureAnalysis analysis = new DataSourceChoiceFailureAnalyzer().analyze(context.getStartupFailure());
            assertThat(analysis.getDescription()).isEqualTo(
                    "async-task.datasource names 'taskz', which is not a DataSource bean; the DataSource beans are "
                            + "[business, tasks].");
        });
    }

    @Test
    void namingTheDataSourceWithoutTheTablesIsCaughtByTheSchemaCheck() {
        service().withPropertyValues("async-task.datasource=business").run(context ->
                assertThat(new MissingSchemaFailureAnalyzer().analyze(context.getStartupFailure())).isNotNull());
    }

    private void submitsIntoTheTasksDatabase(AssertableApplicationContext context) {
        assertThat(context).hasNotFailed();
        long id = context.getBean(AsyncTaskClient.class).submit(TaskRequest.of("greet", "ada")).taskId();
        assertThat(new JdbcTemplate(tasks).queryForObject("SELECT COUNT(*) FROM system_async_task WHERE id = ?",
                Long.class, id)).isEqualTo(1);
    }
}
