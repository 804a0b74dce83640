package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.TaskEventMode;
import com.tudicloud.asynctask.testing.SchemaScripts;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.tudicloud.asynctask.worker.InvalidAsyncTaskSettingsException;
import com.tudicloud.asynctask.worker.engine.AsyncTaskWorker;
import com.tudicloud.asynctask.worker.maintenance.RetentionJob;
import com.tudicloud.asynctask.worker.metrics.FleetGauges;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.liquibase.autoconfigure.LiquibaseAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.transaction.support.TransactionTemplate;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** A service as a user builds it: the worker dependency, a DataSource, a handler bean, some properties. */
class AsyncTaskAutoConfigurationTest {

    static class CountingHandler implements TaskHandler<String> {
        final AtomicInteger runs = new AtomicInteger();

        @Override
        public String taskType() {
            return "greet";
        }

        @Override
        public Class<String> payloadType() {
            return String.class;
        }

        @Override
        public TaskResult execute(TaskContext context, String name) {
            runs.incrementAndGet();
            return TaskResult.success("hello " + name);
        }
    }

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());

    /** The service without a handler: it only submits. */
    private final ApplicationContextRunner handlerless = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                    DataSourceTransactionManagerAutoConfiguration.class, TransactionAutoConfiguration.class,
                    AsyncTaskClientAutoConfiguration.class, AsyncTaskAutoConfiguration.class))
            .withPropertyValues(
                    "spring.datasource.url=" + db.jdbcUrl(),
                    "spring.datasource.username=" + db.username(),
                    "spring.datasource.password=" + db.password(),
                    "async-task.worker.worker-id=boot-worker",
                    "async-task.worker.poll-interval=100ms",
                    "async-task.worker.lease-timeout=4s",
                    "async-task.worker.heartbeat-interval=1s",
                    "async-task.worker.recovery-interval=2s");

    private final ApplicationContextRunner service = handlerless.withBean(CountingHandler.class);

    @BeforeEach
    void emptyTable() {
        db.deleteAllTasks();
        rows.jdbc().update("DELETE FROM system_async_task_worker WHERE worker_id = 'boot-worker'");
    }

    @Test
    void aHandlerBeanIsAllAServiceNeeds() {
        service.run(context -> {
            assertThat(context).hasSingleBean(AsyncTaskWorker.class);
            assertThat(context.getBean(AsyncTaskWorker.class).isRunning()).isTrue();
            AsyncTaskClient client = context.getBean(AsyncTaskClient.class);

            long id = client.submit(TaskRequest.of("greet", "ada")).taskId();

            await().atMost(Duration.ofSeconds(20)).until(() -> client.get(id).orElseThrow().status() == TaskStatus.SUCCESS);
            assertThat(client.get(id).orElseThrow().artifactId()).isEqualTo("hello ada");
            assertThat(client.get(id).orElseThrow().leaseOwner()).isEqualTo("boot-worker");
        });
    }

    @Test
    void aRolledBackBusinessTransactionLeavesNoTask() {
        service.run(context -> {
            AsyncTaskClient client = context.getBean(AsyncTaskClient.class);
            TransactionTemplate transaction = context.getBean(TransactionTemplate.class);

            assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
                client.submit(TaskRequest.of("greet", "rolled back"));
                throw new IllegalStateException("business rule violated");
            })).hasMessage("business rule violated");
            Long committed = transaction.execute(status -> client.submit(TaskRequest.of("greet", "kept")).taskId());

            await().atMost(Duration.ofSeconds(20)).until(() -> rows.count("SUCCESS") == 1);
            assertThat(rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task", Long.class)).isEqualTo(1);
            assertThat(client.get(committed).orElseThrow().artifactId()).isEqualTo("hello kept");
            assertThat(context.getBean(CountingHandler.class).runs).hasValue(1);
        });
    }

    @Test
    void aTaskSubmittedInATransactionIsInvisibleUntilCommit() {
        service.run(context -> {
            AsyncTaskClient client = context.getBean(AsyncTaskClient.class);
            TransactionTemplate transaction = context.getBean(TransactionTemplate.class);

            long id = transaction.execute(status -> {
                long taskId = client.submit(TaskRequest.of("greet", "later")).taskId();
                // another connection, as a worker's, cannot see it yet
                assertThat(rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task", Long.class)).isZero();
                return taskId;
            });

            await().atMost(Duration.ofSeconds(20)).until(() -> client.get(id).orElseThrow().status() == TaskStatus.SUCCESS);
        });
    }

    @Test
    void theWorkerCanBeSwitchedOffLeavingTheClient() {
        service.withPropertyValues("async-task.worker.enabled=false").run(context -> {
            assertThat(context).doesNotHaveBean(AsyncTaskWorker.class);
            assertThat(context).hasSingleBean(AsyncTaskClient.class);
        });
    }

    @Test
    void withoutAHandlerNothingRunsButTheClient() {
        Set<String> before = engineThreads();
        handlerless.withBean(SimpleMeterRegistry.class).run(context -> {
            assertThat(context).hasSingleBean(AsyncTaskClient.class);
            assertThat(context).doesNotHaveBean(AsyncTaskWorker.class);
            assertThat(context).doesNotHaveBean(RetentionJob.class);
            assertThat(context).doesNotHaveBean(FleetGauges.class);
            assertThat(engineThreads()).as("threads started by the service").isSubsetOf(before);
            assertThat(registeredWorkers()).isZero();

            long id = context.getBean(AsyncTaskClient.class).submit(TaskRequest.of("greet", "nobody")).taskId();
            assertThat(context.getBean(AsyncTaskClient.class).get(id).orElseThrow().status()).isEqualTo(TaskStatus.QUEUED);
        });
    }

    @Test
    void withoutAHandlerAWorkerRunsWhenAskedFor() {
        handlerless.withBean(SimpleMeterRegistry.class).withPropertyValues("async-task.worker.enabled=true").run(context -> {
            assertThat(context.getBean(AsyncTaskWorker.class).isRunning()).isTrue();
            assertThat(context).hasSingleBean(RetentionJob.class);
            assertThat(context).hasSingleBean(FleetGauges.class);
            assertThat(registeredWorkers()).isOne();
        });
    }

    @Test
    void aSwitchedOffWorkerLeavesNoThreadAndNoGauges() {
        Set<String> before = engineThreads();
        service.withBean(SimpleMeterRegistry.class).withPropertyValues("async-task.worker.enabled=false").run(context -> {
            assertThat(context).hasSingleBean(AsyncTaskClient.class);
            assertThat(context).doesNotHaveBean(AsyncTaskWorker.class);
            assertThat(context).doesNotHaveBean(FleetGauges.class);
            assertThat(engineThreads()).as("threads started by the service").isSubsetOf(before);
        });
    }

    @Test
    void aHandlerBeanStartsTheWorkerWithItsGauges() {
        service.withBean(SimpleMeterRegistry.class).run(context -> {
            assertThat(context.getBean(AsyncTaskWorker.class).isRunning()).isTrue();
            assertThat(context).hasSingleBean(FleetGauges.class);
            assertThat(engineThreads()).contains("async-task-fleet-gauges", "async-task-poller-1");
        });
    }

    /** Live threads named like the engine's (poller, heartbeat, recovery, retention, gauges, ...). */
    private static Set<String> engineThreads() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(name -> name.startsWith("async-task-")).collect(Collectors.toSet());
    }

    private long registeredWorkers() {
        return rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task_worker WHERE worker_id = 'boot-worker'",
                Long.class);
    }

    @Test
    void theEventModeIsBoundAndAnUnknownOneStopsStartUp() {
        assertThat(eventsOfASucceededAndACancelledTask("async-task.events.mode=full"))
                .containsExactly("CLAIMED", "SUCCEEDED", "CANCELLED");
        service.withPropertyValues("async-task.events.mode=everything").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("everything");
            assertThat(findCause(context.getStartupFailure(), BindException.class).getName().toString())
                    .isEqualTo("async-task.events.mode");
        });
        assertThat(eventsOfASucceededAndACancelledTask("async-task.events.mode="))
                .as("an empty value keeps the default, which records failures and cancels only")
                .containsExactly("CANCELLED");
        assertThat(new AsyncTaskEventProperties().getMode()).as("the properties' default")
                .isEqualTo(TaskEventMode.DEFAULT);
    }

    /**
     * The event rows that the service under these properties records for a task it runs to success and then
     * for one cancelled while it waits, in the order written.
     */
    private List<String> eventsOfASucceededAndACancelledTask(String... properties) {
        List<String> events = new ArrayList<>();
        service.withPropertyValues(properties).run(context -> {
            AsyncTaskClient client = context.getBean(AsyncTaskClient.class);
            long succeeded = client.submit(TaskRequest.of("greet", "ada")).taskId();
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> client.get(succeeded).orElseThrow().status() == TaskStatus.SUCCESS);
            long cancelled = client.submit(TaskRequest.of("greet", "bob").withDelay(Duration.ofHours(1))).taskId();
            client.cancel(cancelled);
            events.addAll(rows.jdbc().queryForList("SELECT event_type FROM system_async_task_event "
                    + "WHERE task_id IN (?, ?) ORDER BY task_id, id", String.class, succeeded, cancelled));
        });
        return events;
    }

    @Test
    void contradictorySettingsStopStartUpNamingTheProperties() {
        service.withPropertyValues("async-task.worker.lease-timeout=5s", "async-task.worker.heartbeat-interval=3s",
                "async-task.worker.recovery-interval=20s").run(context -> {
            assertThat(context).hasFailed();
            Throwable failure = context.getStartupFailure();
            InvalidAsyncTaskSettingsException invalid = findCause(failure, InvalidAsyncTaskSettingsException.class);
            assertThat(invalid.violations()).hasSize(2);
            assertThat(invalid.violations().get(0)).startsWith(
                    "async-task.worker.lease-timeout (PT5S) must be at least 3 x async-task.worker.heartbeat-interval (PT3S)");
            assertThat(invalid.violations().get(1)).isEqualTo(
                    "async-task.worker.recovery-interval (PT20S) must be at most twice async-task.worker.lease-timeout (PT5S)");
            FailureAnalysis analysis = new InvalidAsyncTaskSettingsFailureAnalyzer().analyze(failure);
            assertThat(analysis.getDescription()).contains("async-task.worker.heartbeat-interval");
            assertThat(analysis.getAction()).contains("docs/configuration.md");
        });
    }

    @Test
    void aServiceAppliesTheSchemaByIncludingTheShippedChangelog() {
        String database = db.server().recreateScratchDatabase("boot_schema");
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, LiquibaseAutoConfiguration.class))
                .withPropertyValues(
                        "spring.datasource.url=" + db.server().jdbcUrl(database),
                        "spring.datasource.username=" + db.username(),
                        "spring.datasource.password=" + db.password(),
                        "spring.liquibase.change-log=classpath:db/async-task/changelog-master.xml")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    var jdbc = new org.springframework.jdbc.core.JdbcTemplate(context.getBean(javax.sql.DataSource.class));
                    assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task", Long.class)).isZero();
                    assertThat(jdbc.queryForList("SELECT name FROM system_async_task_lock", String.class))
                            .containsExactly("claim", "retention");
                });
    }

    @Test
    void aDatabaseWithoutTheSchemaStopsStartUpNamingTheMissingTablesAndTheTwoWaysToCreateThem() {
        String database = db.server().recreateScratchDatabase("no_schema");
        service.withPropertyValues("spring.datasource.url=" + db.server().jdbcUrl(database)).run(context -> {
            assertThat(context).hasFailed();
            MissingSchemaException missing = findCause(context.getStartupFailure(), MissingSchemaException.class);
            assertThat(missing.missingTables()).containsExactly("system_async_task", "system_async_task_lock",
                    "system_async_task_worker", "system_async_task_type", "system_async_task_event",
                    "system_async_task_schedule", "system_async_task_batch", "system_async_task_start",
                    "system_async_task_dependency");
            FailureAnalysis analysis = new MissingSchemaFailureAnalyzer().analyze(context.getStartupFailure());
            assertThat(analysis.getDescription()).isEqualTo("The async-task schema is missing from the database: no table "
                    + "system_async_task, system_async_task_lock, system_async_task_worker, system_async_task_type, "
                    + "system_async_task_event, system_async_task_schedule, system_async_task_batch, system_async_task_start, "
                    + "system_async_task_dependency.");
            assertThat(analysis.getAction()).contains("<include file=\"db/async-task/changelog-master.xml\"/>",
                    "sql/mysql/system_async_task.sql");
        });
    }

    @Test
    void oneMissingTableIsNamedAlone() {
        String database = db.server().recreateScratchDatabase("one_table_missing");
        try (var dataSource = db.server().dataSource(database, 1)) {
            SchemaScripts.applyChangelog(dataSource);
            new org.springframework.jdbc.core.JdbcTemplate(dataSource).execute("DROP TABLE system_async_task_type");
        }
        service.withPropertyValues("spring.datasource.url=" + db.server().jdbcUrl(database)).run(context ->
                assertThat(findCause(context.getStartupFailure(), MissingSchemaException.class).missingTables())
                        .containsExactly("system_async_task_type"));
    }

    @Test
    void theSchemaALiquibaseMigrationCreatesInTheSameStartIsFound() {
        String database = db.server().recreateScratchDatabase("schema_same_start");
        service.withConfiguration(AutoConfigurations.of(LiquibaseAutoConfiguration.class))
                .withPropertyValues("spring.datasource.url=" + db.server().jdbcUrl(database),
                        "spring.liquibase.change-log=classpath:db/async-task/changelog-master.xml")
                .run(context -> assertThat(context).hasNotFailed());
    }

    @Test
    void aDatabaseThatCannotBeReachedAtStartDoesNotStopTheStart() {
        service.withPropertyValues("spring.datasource.url=jdbc:mysql://127.0.0.1:1/nowhere?connectTimeout=500",
                        "spring.datasource.hikari.connection-timeout=500", "async-task.worker.enabled=false")
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(AsyncTaskClient.class));
    }

    @Test
    void configurationMetadataIsGeneratedForIdes() throws Exception {
        try (InputStream metadata = getClass().getClassLoader()
                .getResourceAsStream("META-INF/spring-configuration-metadata.json")) {
            assertThat(metadata).isNotNull();
            String json = new String(metadata.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(json).contains("\"async-task.worker.lease-timeout\"", "\"async-task.worker.heartbeat-interval\"",
                    "\"async-task.worker.recovery-interval\"", "\"async-task.worker.max-execution-time\"",
                    "How long a claim or renewal holds a task");
        }
    }

    private static <T extends Throwable> T findCause(Throwable failure, Class<T> type) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " in " + failure);
    }
}
