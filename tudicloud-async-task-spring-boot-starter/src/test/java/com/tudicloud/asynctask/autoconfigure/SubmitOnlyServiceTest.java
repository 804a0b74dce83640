package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.apache.ibatis.session.SqlSessionFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A service that depends on the client module alone, started as Spring Boot starts any service (every
 * auto-configuration on its class path): it submits in its own transactions and starts no thread.
 */
@ExtendWith(OutputCaptureExtension.class)
class SubmitOnlyServiceTest {

    /** The service's application class: its package is where Spring Boot would look for mappers and components. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class SubmittingService {
    }

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());

    @BeforeEach
    void emptyTable() {
        db.deleteAllTasks();
    }

    @Test
    void submitsInItsTransactionsAndStartsNoThread(CapturedOutput output) {
        Set<String> before = threadNames();
        try (ConfigurableApplicationContext service = start()) {
            AsyncTaskClient tasks = service.getBean(AsyncTaskClient.class);
            TransactionTemplate transaction = service.getBean(TransactionTemplate.class);

            assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
                tasks.submit(TaskRequest.of("report.export", "rolled back"));
                throw new IllegalStateException("business rule violated");
            })).hasMessage("business rule violated");
            long committed = transaction.execute(status -> tasks.submit(TaskRequest.of("report.export", "kept")).taskId());

            assertThat(rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task", Long.class)).isOne();
            assertThat(tasks.get(committed).orElseThrow().status()).isEqualTo(TaskStatus.QUEUED);
            assertThat(threadNames()).as("threads the service started, beside its connection pool's")
                    .filteredOn(name -> !before.contains(name) && !isConnectionPoolThread(name))
                    .isEmpty();
        }
    }

    @Test
    void bringsNoMyBatisAutoConfigurationAndNoMapperWarning(CapturedOutput output) {
        try (ConfigurableApplicationContext service = start()) {
            assertThat(service.getBeanNamesForType(SqlSessionFactory.class)).isEmpty();
        }
        // the start-up log is captured: a warning during it would be too
        assertThat(output).contains("Started ").doesNotContain("No MyBatis mapper was found");
    }

    /** Its tasks run elsewhere, yet the attempts and priority a submit decides are the type's, as in the worker's service. */
    @Test
    void appliesItsTaskTypesAttemptsAndPriorityAndSaysWhatItLeavesToTheWorker(CapturedOutput output) {
        try (ConfigurableApplicationContext service = start("--async-task.types.report.export.max-attempts=8",
                "--async-task.types.report.export.default-priority=5", "--async-task.types.report.export.retry.max-backoff=30m")) {
            AsyncTaskClient tasks = service.getBean(AsyncTaskClient.class);
            long typed = tasks.submit(TaskRequest.of("report.export", "monthly")).taskId();
            long asked = tasks.submit(TaskRequest.of("report.export", "asked").withMaxAttempts(2).withPriority(1)).taskId();
            long other = tasks.submit(TaskRequest.of("mail.send", "hello")).taskId();

            assertThat(attemptsAndPriority(typed)).containsExactly(8, 5);
            assertThat(attemptsAndPriority(asked)).as("the request's own").containsExactly(2, 1);
            assertThat(attemptsAndPriority(other)).as("a type without settings").containsExactly(TaskRequest.DEFAULT_MAX_ATTEMPTS, 0);
        }
        assertThat(output).contains("Task type 'report.export' has no handler here: the tasks of it this application "
                + "submits get max-attempts 8 and default-priority 5; its retry settings apply only where it runs");
    }

    private List<Integer> attemptsAndPriority(long taskId) {
        return rows.jdbc().queryForObject("SELECT max_attempts, priority FROM system_async_task WHERE id = ?",
                (row, n) -> List.of(row.getInt(1), row.getInt(2)), taskId);
    }

    private ConfigurableApplicationContext start(String... settings) {
        List<String> arguments = new ArrayList<>(List.of(
                "--spring.datasource.url=" + db.jdbcUrl(),
                "--spring.datasource.username=" + db.username(),
                "--spring.datasource.password=" + db.password(),
                // the test database has its schema already; the starter's test classpath carries Liquibase
                "--spring.liquibase.enabled=false",
                // the start-up line proves the log is captured, so that a missing warning means something
                "--logging.level.root=INFO"));
        arguments.addAll(List.of(settings));
        return new SpringApplicationBuilder(SubmittingService.class).web(WebApplicationType.NONE)
                .run(arguments.toArray(String[]::new));
    }

    private static boolean isConnectionPoolThread(String name) {
        return name.startsWith("HikariPool-") || name.startsWith("mysql-cj-");
    }

    private static Set<String> threadNames() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName).collect(Collectors.toSet());
    }
}
