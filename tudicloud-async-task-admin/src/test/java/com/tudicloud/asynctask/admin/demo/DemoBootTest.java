package com.tudicloud.asynctask.admin.demo;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TaskView;
import com.tudicloud.asynctask.api.spi.FinishedPerMinute;
import com.tudicloud.asynctask.api.spi.QueueSample;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.TaskQuery;
import com.tudicloud.asynctask.api.spi.TaskSort;
import com.tudicloud.asynctask.autoconfigure.AsyncTaskClientAutoConfiguration;
import com.tudicloud.asynctask.autoconfigure.AsyncTaskAutoConfiguration;
import com.tudicloud.asynctask.worker.engine.AsyncTaskWorker;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.liquibase.autoconfigure.LiquibaseAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The demo as the admin application runs it by default: the embedded worker on H2 in MySQL mode,
 * the admin changelog applied by Liquibase, the demo handlers, the feeder. Only the auto-configurations
 * the demo needs, so that the web layer and security of the application stay out of it.
 */
class DemoBootTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private final ApplicationContextRunner admin = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                    DataSourceTransactionManagerAutoConfiguration.class, TransactionAutoConfiguration.class,
                    LiquibaseAutoConfiguration.class, AsyncTaskClientAutoConfiguration.class,
                    AsyncTaskAutoConfiguration.class))
            .withUserConfiguration(DemoConfiguration.class)
            .withPropertyValues(
                    // a database of its own per context: H2 drops an in-memory database with its last connection
                    "spring.datasource.url=jdbc:h2:mem:demo-" + UUID.randomUUID()
                            + ";MODE=MySQL;DEFAULT_NULL_ORDERING=HIGH",
                    "spring.liquibase.change-log=classpath:db/admin/changelog-master.xml",
                    "async-task.worker.poll-interval=100ms",
                    "async-task.worker.retry.initial-backoff=50ms",
                    "async-task.worker.heartbeat-interval=200ms",
                    "async-task.worker.lease-timeout=2s",
                    "async-task.worker.recovery-interval=2s",
                    "async-task.demo.sleep=200ms",
                    "async-task.demo.step-pause=5ms",
                    "async-task.demo.export-rows=120",
                    "async-task.demo.import-rows=30",
                    "async-task.demo.flaky-failures=2");

    @Test
    void everyDemoTypeSucceedsAndEachImportIsRecordedOnce() {
        admin.withPropertyValues("async-task.demo.initial-tasks-per-type=2", "async-task.demo.tasks-per-feed=0")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    await().atMost(PATIENCE).until(() -> {
                        List<TaskView> tasks = allTasks(context);
                        return tasks.size() == 8 && tasks.stream().allMatch(task -> task.status().isTerminal());
                    });

                    List<TaskView> tasks = allTasks(context);
                    assertThat(tasks).allSatisfy(task -> assertThat(task.status()).as(task.toString())
                            .isEqualTo(TaskStatus.SUCCESS));
                    assertThat(tasks).extracting(TaskView::taskType).containsOnly(
                            SleepTaskHandler.TYPE, FlakyTaskHandler.TYPE, ExportTaskHandler.TYPE, ImportTaskHandler.TYPE);
                    assertThat(ofType(tasks, FlakyTaskHandler.TYPE)).as("two failures, then success")
                            .extracting(TaskView::attemptCount).containsExactly(3, 3);
                    assertThat(ofType(tasks, ExportTaskHandler.TYPE))
                            .allSatisfy(task -> assertThat(task.artifactId()).isEqualTo("export-" + task.id() + ".csv"));
                    assertThat(tasks).extracting(TaskView::ownerId).containsOnly("alice", "bob");

                    List<Long> importTaskIds = ofType(tasks, ImportTaskHandler.TYPE).stream().map(TaskView::id).toList();
                    assertThat(importTaskIds).hasSize(2);
                    assertThat(new JdbcTemplate(context.getBean(DataSource.class))
                            .queryForList("SELECT task_id FROM demo_import_record", Long.class))
                            .containsExactlyInAnyOrderElementsOf(importTaskIds);

                    // the overview's statements run on H2 too
                    TaskAdminStore store = context.getBean(TaskAdminStore.class);
                    FinishedPerMinute hour = store.finishedPerMinute(60);
                    assertThat(hour.counts()).allSatisfy(count -> assertThat(count.status()).isEqualTo(TaskStatus.SUCCESS));
                    assertThat(hour.counts().stream().mapToLong(FinishedPerMinute.Count::tasks).sum()).isEqualTo(8);
                    assertThat(hour.counts()).allSatisfy(count -> assertThat(count.minute())
                            .isEqualTo(count.minute().truncatedTo(ChronoUnit.MINUTES)));
                    QueueSample sample = store.queueSample();
                    assertThat(sample.due()).isZero();
                    assertThat(sample.running()).isZero();
                    assertThat(sample.at()).isAfterOrEqualTo(hour.databaseNow());
                });
    }

    @Test
    void theFeederKeepsTasksFlowingUntilTheApplicationStops() {
        admin.withPropertyValues("async-task.demo.initial-tasks-per-type=0", "async-task.demo.tasks-per-feed=4",
                "async-task.demo.feed-interval=50ms").run(context -> {
            await().atMost(PATIENCE).until(() -> allTasks(context).size() >= 12);
            assertThat(allTasks(context)).extracting(TaskView::taskType).contains(
                    SleepTaskHandler.TYPE, FlakyTaskHandler.TYPE, ExportTaskHandler.TYPE, ImportTaskHandler.TYPE);
            DemoTaskFeeder feeder = context.getBean(DemoTaskFeeder.class);
            assertThat(feederThreadAlive()).isTrue();

            context.close();

            assertThat(feeder.isRunning()).isFalse();
            await().atMost(PATIENCE).until(() -> !feederThreadAlive());
        });
    }

    @Test
    void aCancelEndsARunningSleepPromptly() {
        admin.withPropertyValues("async-task.demo.initial-tasks-per-type=0", "async-task.demo.tasks-per-feed=0")
                .run(context -> {
                    AsyncTaskClient client = context.getBean(AsyncTaskClient.class);
                    // a sleep of ten minutes: ending within the test's patience, it ended for the cancel
                    long id = client.submit(TaskRequest.of(SleepTaskHandler.TYPE, new SleepPayload(600_000))).taskId();
                    // running and past its first progress report, so that the percent below says where it stopped
                    await().atMost(PATIENCE).until(() -> client.get(id).orElseThrow().status() == TaskStatus.RUNNING
                            && client.get(id).orElseThrow().progress() != null);

                    client.cancel(id);

                    // the holder hears of the cancel with its next heartbeat (200 ms here), then the handler stops
                    await().atMost(PATIENCE).until(() -> client.get(id).orElseThrow().status() == TaskStatus.CANCELLED);
                    assertThat(client.get(id).orElseThrow().progress()).as("percent slept").isLessThan(100);
                });
    }

    @Test
    void switchedOffTheAdminHasNoDemoBeansAndNoWorkerUnlessAskedFor() {
        admin.withPropertyValues("async-task.demo.enabled=false").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBeansOfType(TaskHandler.class)).isEmpty();
            assertThat(context).doesNotHaveBean(DemoTaskFeeder.class);
            assertThat(context).doesNotHaveBean(DemoBanner.class);
            assertThat(context).doesNotHaveBean(DemoImportLedger.class);
            assertThat(context).doesNotHaveBean(AsyncTaskWorker.class);
            assertThat(context).hasSingleBean(AsyncTaskClient.class);
        });
        admin.withPropertyValues("async-task.demo.enabled=false", "async-task.worker.enabled=true").run(context ->
                assertThat(context.getBean(AsyncTaskWorker.class).isRunning()).isTrue());
    }

    @Test
    void aFeedIntervalOfZeroStopsStartUpNamingTheProperty() {
        admin.withPropertyValues("async-task.demo.feed-interval=0s").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("async-task.demo")
                    .hasMessageContaining("feedInterval");
        });
    }

    private static List<TaskView> allTasks(AssertableApplicationContext context) {
        return context.getBean(TaskAdminStore.class)
                .search(new TaskQuery(Set.of(), null, null, null, null, TaskSort.CREATE_TIME, false, 0, TaskQuery.MAX_SIZE))
                .items();
    }

    private static List<TaskView> ofType(List<TaskView> tasks, String type) {
        return tasks.stream().filter(task -> task.taskType().equals(type)).toList();
    }

    private static boolean feederThreadAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(thread -> thread.getName().equals(DemoTaskFeeder.THREAD_NAME) && thread.isAlive());
    }
}
