package com.tudicloud.asynctask.admin.faults;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskPolicy;
import com.tudicloud.asynctask.api.TaskResult;
import com.zaxxer.hikari.HikariDataSource;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.GeneratedKeyHolder;

import java.sql.PreparedStatement;
import java.sql.Statement;

/**
 * Added to a worker node of the fault suite (with {@code spring.main.sources}): every handler entry writes a
 * row to {@link #TABLE}, and its return or throw stamps the row's finish, on the database's clock. The rows go
 * straight to the database named by {@code faults.executions.url}, not through the suite's proxy, so that an
 * outage the suite makes does not hide an execution; a row whose insert fails fails the execution, which is
 * then retried like any other. The table has no key on the task: a task run twice has two rows.
 *
 * <p>Not a {@code @Configuration}: the admin application's component scan would find it in the test classes
 * and wrap the handlers of every application test; as a source its bean methods are read all the same.
 */
public class ExecutionRecording {

    static final String TABLE = "fault_execution";

    static String createTable() {
        return "CREATE TABLE " + TABLE + " (id BIGINT AUTO_INCREMENT PRIMARY KEY, task_id BIGINT NOT NULL, "
                + "attempt INT NOT NULL, worker VARCHAR(64) NOT NULL, started_at DATETIME(3) NOT NULL, "
                + "finished_at DATETIME(3) NULL, INDEX (task_id))";
    }

    @Bean
    static BeanPostProcessor recordEveryExecution() {
        HikariDataSource pool = new HikariDataSource();
        pool.setJdbcUrl(System.getProperty("faults.executions.url"));
        pool.setUsername("root");
        pool.setPassword("");
        pool.setMaximumPoolSize(8);   // one per slot: a handler never waits for a connection
        pool.setMinimumIdle(0);
        JdbcTemplate jdbc = new JdbcTemplate(pool);
        String worker = System.getProperty("faults.worker");
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String beanName) {
                return bean instanceof TaskHandler<?> handler ? recorded(handler, jdbc, worker) : bean;
            }
        };
    }

    private static <P> TaskHandler<P> recorded(TaskHandler<P> handler, JdbcTemplate jdbc, String worker) {
        return new TaskHandler<>() {
            @Override
            public String taskType() {
                return handler.taskType();
            }

            @Override
            public Class<P> payloadType() {
                return handler.payloadType();
            }

            @Override
            public TaskPolicy policy() {
                return handler.policy();
            }

            @Override
            public TaskResult execute(TaskContext context, P payload) throws Exception {
                long row = started(jdbc, context, worker);
                try {
                    return handler.execute(context, payload);
                } finally {
                    finished(jdbc, row);
                }
            }
        };
    }

    /** A finish that cannot be stamped (an interrupted thread waiting for a connection) leaves the row open. */
    private static void finished(JdbcTemplate jdbc, long row) {
        try {
            jdbc.update("UPDATE " + TABLE + " SET finished_at = NOW(3) WHERE id = ?", row);
        } catch (RuntimeException unstamped) {
            // the execution's own outcome stands; an open row reads as an execution that never returned
        }
    }

    private static long started(JdbcTemplate jdbc, TaskContext context, String worker) {
        GeneratedKeyHolder key = new GeneratedKeyHolder();
        jdbc.update(connection -> {
            PreparedStatement insert = connection.prepareStatement("INSERT INTO " + TABLE
                    + " (task_id, attempt, worker, started_at) VALUES (?, ?, ?, NOW(3))", Statement.RETURN_GENERATED_KEYS);
            insert.setLong(1, context.taskId());
            insert.setInt(2, context.attempt());
            insert.setString(3, worker);
            return insert;
        }, key);
        return key.getKey().longValue();
    }
}
