package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.api.RecurringTask;
import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.spi.Schedule;
import com.tudicloud.asynctask.testing.H2TestDatabase;
import com.tudicloud.asynctask.worker.schedule.RecurringTaskScheduler;
import com.tudicloud.asynctask.worker.schedule.ScheduleOperations;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import javax.sql.DataSource;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A {@link RecurringTask} bean is all a service declares: at start it is written to the database and the
 * worker's scheduler fires it, here on H2 as the demo runs. A restart with a changed declaration updates it
 * and leaves an operator's pause alone.
 */
class DeclaredSchedulesTest {

    static final class TickHandler implements TaskHandler<Map<String, Integer>> {
        final AtomicInteger runs = new AtomicInteger();

        @Override
        public String taskType() {
            return "tick";
        }

        @Override
        @SuppressWarnings("unchecked")
        public Class<Map<String, Integer>> payloadType() {
            return (Class<Map<String, Integer>>) (Class<?>) Map.class;
        }

        @Override
        public TaskResult execute(TaskContext context, Map<String, Integer> payload) {
            runs.incrementAndGet();
            return TaskResult.success();
        }
    }

    private final JdbcTemplate jdbc = new JdbcTemplate(H2TestDatabase.get());

    private ApplicationContextRunner service(int version) {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(AsyncTaskClientAutoConfiguration.class, AsyncTaskAutoConfiguration.class))
                // the shared in-memory database, behind a DataSource the context cannot close
                .withBean(DataSource.class, () -> new DelegatingDataSource(H2TestDatabase.get()))
                .withBean(TickHandler.class)
                .withBean(RecurringTask.class, () -> RecurringTask.named("tick-every-second").every(Duration.ofSeconds(1))
                        .zone("Asia/Shanghai").submits("tick", Map.of("version", version)).build())
                .withPropertyValues("async-task.worker.poll-interval=100ms", "async-task.schedules.refresh-interval=100ms");
    }

    @BeforeEach
    void emptyTables() {
        jdbc.update("DELETE FROM system_async_task_schedule");
        jdbc.update("DELETE FROM system_async_task");
    }

    @Test
    void aDeclaredScheduleFiresOnH2AndARestartKeepsTheOperatorsPause() {
        service(1).run(context -> {
            assertThat(context).hasSingleBean(RecurringTaskScheduler.class);
            TickHandler handler = context.getBean(TickHandler.class);
            await().atMost(Duration.ofSeconds(30)).until(() -> handler.runs.get() >= 2);
            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE dedup_key LIKE"
                    + " 'schedule:tick-every-second@%'", Long.class)).isGreaterThanOrEqualTo(2);
            assertThat(context.getBean(ScheduleOperations.class).pause("tick-every-second")).isTrue();
        });

        service(2).run(context -> {
            Schedule schedule = context.getBean(ScheduleOperations.class).find("tick-every-second").orElseThrow();
            assertThat(schedule.paused()).as("the operator's pause survives the restart").isTrue();
            assertThat(schedule.definition().payloadJson()).isEqualTo("{\"version\":2}");
            assertThat(schedule.definition().timeZone()).isEqualTo("Asia/Shanghai");
            long tasks = jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task", Long.class);
            Thread.sleep(1500);
            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task", Long.class))
                    .as("a paused schedule submits nothing").isEqualTo(tasks);
        });
    }
}
