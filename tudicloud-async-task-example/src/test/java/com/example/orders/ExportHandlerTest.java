package com.example.orders;

import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.test.TaskTestKit;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

class ExportHandlerTest {

    @TempDir
    Path exports;

    private JdbcDataSource database;

    @BeforeEach
    void emptyDatabase() {
        // a new in-memory database per test; the kit applies the async-task schema to it
        database = new JdbcDataSource();
        database.setURL("jdbc:h2:mem:" + UUID.randomUUID() + ";MODE=MySQL;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1");
    }

    @Test
    void anExportWritesEveryPage() throws Exception {
        TaskTestKit kit = TaskTestKit.on(database, new ExportHandler(exports));
        long id = kit.client().submit(TaskRequest.of("report.export", new ExportRequest(7, 2))).taskId();

        kit.worker().runDue();   // runs the due tasks here, in the test's thread

        Path file = exports.resolve("order-7.csv");
        kit.assertThatTask(id).succeededWith(file.toString()).hasAttempts(1).hasProgress(100, "page 2")
                .hasHistory(TaskStatus.RUNNING, TaskStatus.SUCCESS);
        assertThat(Files.readAllLines(file)).containsExactly("7,0", "7,1");
    }

    @Test
    void anExportThatCannotWriteIsRetriedLater() throws Exception {
        Path notADirectory = Files.createFile(exports.resolve("taken"));
        TaskTestKit kit = TaskTestKit.on(database, new ExportHandler(notADirectory));
        long id = kit.client().submit(TaskRequest.of("report.export", new ExportRequest(8, 1))).taskId();

        kit.worker().runDue();

        kit.assertThatTask(id).hasStatus(TaskStatus.SCHEDULED).hasAttempts(1)
                .hasHistory(TaskStatus.RUNNING, TaskStatus.SCHEDULED);
    }
}
