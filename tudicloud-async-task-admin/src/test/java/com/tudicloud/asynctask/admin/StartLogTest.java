package com.tudicloud.asynctask.admin;

import com.tudicloud.asynctask.testing.DatabaseServer;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A start that logs a warning teaches operators to ignore warnings: the demo start and the documented production
 * set-up log none (no MyBatis mapper scan of the admin's package, no springdoc note about its endpoints).
 */
@ExtendWith(OutputCaptureExtension.class)
class StartLogTest {

    @Test
    void theDemoStartsWithoutAWarning(CapturedOutput output) {
        start(output, "--spring.datasource.url=jdbc:h2:mem:start-log-demo;MODE=MySQL;DEFAULT_NULL_ORDERING=HIGH",
                "--async-task.demo.initial-tasks-per-type=0", "--async-task.demo.tasks-per-feed=0");
    }

    @Test
    void theDocumentedProductionSetUpStartsWithoutAWarning(CapturedOutput output) {
        DatabaseServer server = TestDatabase.get().server();
        String database = server.recreateScratchDatabase("start_log_production");
        start(output, "--spring.datasource.url=" + server.jdbcUrl(database),
                "--spring.datasource.username=" + server.username(), "--spring.datasource.password=" + server.password(),
                "--async-task.worker.enabled=false",
                "--async-task.admin.users[0].username=alice", "--async-task.admin.users[0].password=" + TestLogins.OPERATOR_HASH,
                "--async-task.admin.users[0].role=OPERATOR");
    }

    private static void start(CapturedOutput output, String... arguments) {
        List<String> all = new ArrayList<>(List.of(arguments));
        all.add("--server.port=0");
        try (ConfigurableApplicationContext admin = new SpringApplicationBuilder(AsyncTaskAdminApplication.class)
                .run(all.toArray(String[]::new))) {
            assertThat(admin.isRunning()).isTrue();
        }
        List<String> warnings = output.getAll().lines()
                .filter(line -> line.contains(" WARN ") || line.contains(" ERROR "))
                .toList();
        assertThat(warnings).as("WARN and ERROR lines of the start").isEmpty();
    }
}
