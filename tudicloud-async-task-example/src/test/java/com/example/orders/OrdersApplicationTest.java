package com.example.orders;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TaskView;
import com.tudicloud.asynctask.testing.DatabaseServer;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The service of README.md's "Add it to a service" started as its main method starts it, on a real
 * database of its own: Liquibase applies the async-task schema through the include, an order placed in a
 * transaction that rolls back leaves no task, and one that commits has its export run; the task console is
 * mounted with its roles mapped, and the log has no WARN line.
 */
@ExtendWith(OutputCaptureExtension.class)
class OrdersApplicationTest {

    @Test
    void anOrderThatCommitsHasItsExportRunAndOneRolledBackLeavesNothing(@TempDir Path exports, CapturedOutput output)
            throws Exception {
        DatabaseServer server = TestDatabase.get().server();
        String database = server.recreateScratchDatabase("example");
        try (ConfigurableApplicationContext service = SpringApplication.run(OrdersApplication.class,
                "--spring.datasource.url=" + server.jdbcUrl(database),
                "--spring.datasource.username=" + server.username(),
                "--spring.datasource.password=" + server.password(),
                "--orders.export-directory=" + exports, "--server.port=0")) {
            OrderService orderService = service.getBean(OrderService.class);
            AsyncTaskClient tasks = service.getBean(AsyncTaskClient.class);
            JdbcClient jdbc = service.getBean(JdbcClient.class);

            assertThatThrownBy(() -> service.getBean(TransactionTemplate.class).executeWithoutResult(status -> {
                orderService.placeOrder(new Order(1, "alice"));
                throw new IllegalStateException("payment declined");
            })).hasMessage("payment declined");
            assertThat(count(jdbc, "orders")).isZero();
            assertThat(count(jdbc, "system_async_task")).isZero();

            long taskId = orderService.placeOrder(new Order(2, "bob"));

            await().atMost(Duration.ofSeconds(30)).until(() -> tasks.get(taskId).orElseThrow().status().isTerminal());
            TaskView export = tasks.get(taskId).orElseThrow();
            assertThat(export.status()).isEqualTo(TaskStatus.SUCCESS);
            assertThat(export.ownerId()).isEqualTo("bob");
            assertThat(export.progress()).isEqualTo(100);
            Path file = exports.resolve("order-2.csv");
            assertThat(export.artifactId()).isEqualTo(file.toString());
            assertThat(Files.readAllLines(file)).containsExactly("2,0", "2,1", "2,2");
            assertThat(count(jdbc, "orders")).isOne();
        }
        assertThat(output).contains("Started ", "Task console at /async-tasks: viewers [ROLE_SUPPORT], operators [ROLE_OPS]")
                .doesNotContain("No MyBatis mapper was found").doesNotContain(" WARN ");
    }

    private static long count(JdbcClient jdbc, String table) {
        return jdbc.sql("SELECT COUNT(*) FROM " + table).query(Long.class).single();
    }
}
