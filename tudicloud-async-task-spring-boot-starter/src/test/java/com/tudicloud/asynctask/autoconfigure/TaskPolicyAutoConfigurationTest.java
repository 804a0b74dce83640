package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskPolicy;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TimeoutAction;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.tudicloud.asynctask.worker.InvalidAsyncTaskSettingsException;
import com.tudicloud.asynctask.worker.engine.AsyncTaskWorker;
import com.tudicloud.asynctask.worker.policy.TaskTypePolicies;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A service whose handler declares a policy, and properties that override it or stop the start. */
class TaskPolicyAutoConfigurationTest {

    /** Declares two attempts, priority 5 and a 2-minute limit that fails. */
    static class DeclaringHandler extends AsyncTaskAutoConfigurationTest.CountingHandler {
        @Override
        public TaskPolicy policy() {
            return TaskPolicy.builder().maxAttempts(2).defaultPriority(5)
                    .maxExecutionTime(Duration.ofMinutes(2)).timeoutAction(TimeoutAction.FAIL).build();
        }
    }

    static class DottedHandler extends AsyncTaskAutoConfigurationTest.CountingHandler {
        @Override
        public String taskType() {
            return "report.export";
        }
    }

    static class UpperCaseHandler extends AsyncTaskAutoConfigurationTest.CountingHandler {
        @Override
        public String taskType() {
            return "Report_Export";
        }
    }

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());

    private final ApplicationContextRunner service = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                    AsyncTaskClientAutoConfiguration.class, AsyncTaskAutoConfiguration.class))
            .withBean(DeclaringHandler.class)
            .withPropertyValues(
                    "spring.datasource.url=" + db.jdbcUrl(),
                    "spring.datasource.username=" + db.username(),
                    "spring.datasource.password=" + db.password(),
                    "async-task.worker.poll-interval=1h");

    @BeforeEach
    void emptyTable() {
        db.deleteAllTasks();
    }

    @Test
    void propertiesOverrideTheHandlersPolicyAndSubmitsUseIt() {
        service.withPropertyValues("async-task.types.greet.max-attempts=7",
                "async-task.types.greet.retry.max-backoff=30m",
                "async-task.types.greet.non-retryable=java.lang.IllegalArgumentException,java.io.UncheckedIOException")
                .run(context -> {
                    TaskPolicy greet = context.getBean(TaskTypePolicies.class).forType("greet");
                    assertThat(greet.maxAttempts()).contains(7);
                    assertThat(greet.defaultPriority()).contains(5);
                    assertThat(greet.timeoutAction()).contains(TimeoutAction.FAIL);
                    assertThat(greet.retry().maxBackoff()).isEqualTo(Duration.ofMinutes(30));
                    assertThat(greet.isNonRetryable(new IllegalArgumentException())).isTrue();
                    assertThat(context.getBean(AsyncTaskWorker.class).policies()).isSameAs(context.getBean(TaskTypePolicies.class));

                    long id = context.getBean(AsyncTaskClient.class)
                            .submit(TaskRequest.of("greet", "ada").withDelay(Duration.ofHours(1))).taskId();
                    assertThat(rows.jdbc().queryForMap("SELECT priority, max_attempts FROM system_async_task WHERE id = ?", id))
                            .containsAllEntriesOf(Map.of("priority", 5, "max_attempts", 7));
                });
    }

    @Test
    void aBadOverrideStopsStartUpNamingTheTypeAndTheSetting() {
        service.withPropertyValues("async-task.types.greet.retry.initial-backoff=10s",
                "async-task.types.greet.retry.max-backoff=1s").run(context -> {
            assertThat(context).hasFailed();
            Throwable failure = context.getStartupFailure();
            assertThat(failure).rootCause().isInstanceOf(InvalidAsyncTaskSettingsException.class)
                    .hasMessageContaining("async-task.types.greet.retry.max-backoff (PT1S) must not be less than "
                            + "async-task.types.greet.retry.initial-backoff (PT10S)");
            FailureAnalysis analysis = new InvalidAsyncTaskSettingsFailureAnalyzer().analyze(failure);
            assertThat(analysis.getDescription()).contains("async-task.types.greet.retry.max-backoff");
        });
    }

    @Test
    void aRateLimitBindsFromItsTwoPropertiesAndOneOutOfRangeStopsStartUpNamingIt() {
        service.withPropertyValues("async-task.worker.enabled=false", "async-task.types.greet.rate-limit=100",
                "async-task.types.greet.rate-period=1m").run(context -> {
            TaskPolicy greet = context.getBean(TaskTypePolicies.class).forType("greet");
            assertThat(greet.rateLimit()).contains(100);
            assertThat(greet.ratePeriod()).contains(Duration.ofMinutes(1));
        });
        service.withPropertyValues("async-task.types.greet.rate-limit=100", "async-task.types.greet.rate-period=25h")
                .run(context -> assertThat(context).getFailure().rootCause()
                        .isInstanceOf(InvalidAsyncTaskSettingsException.class)
                        .hasMessageContaining("async-task.types.greet.rate-period (PT25H) must be from 1s to 24h"));
    }

    @Test
    void aFairTypeBindsFromItsPropertyAndAValueThatIsNotABooleanStopsStartUpNamingIt() {
        service.withPropertyValues("async-task.worker.enabled=false", "async-task.types.greet.fair=true")
                .run(context -> assertThat(context.getBean(TaskTypePolicies.class).forType("greet").fair()).contains(true));
        service.withPropertyValues("async-task.worker.enabled=false", "async-task.types.greet.fair=sometimes")
                .run(context -> assertThat(context).getFailure().hasStackTraceContaining("async-task.types.greet.fair")
                        .hasStackTraceContaining("sometimes"));
    }

    @Test
    void aTypeWithoutAHandlerGivesItsSubmitsItsAttemptsAndPriorityEvenWithTheWorkerOff() {
        service.withPropertyValues("async-task.worker.enabled=false", "async-task.types.mail.max-attempts=2",
                        "async-task.types.greet.export.default-priority=7", "async-task.types.greet.max-attempts=4")
                .run(context -> {
                    TaskTypePolicies policies = context.getBean(TaskTypePolicies.class);
                    assertThat(policies.maxAttempts("mail")).isEqualTo(2);
                    assertThat(policies.defaultPriority("greet.export")).isEqualTo(7);
                    assertThat(policies.defaultPriority("greet")).as("its handler declares 5; greet.export is another type").isEqualTo(5);
                    assertThat(policies.maxAttempts("greet")).isEqualTo(4);
                });
    }

    @Test
    void aPropertyThatNamesNoSettingStopsStartUpNamingIt() {
        service.withPropertyValues("async-task.types.mail.attempts=2", "async-task.types.mail=3").run(context ->
                assertThat(context).getFailure().rootCause().isInstanceOf(InvalidAsyncTaskSettingsException.class)
                        .hasMessageContaining("async-task.types.mail.attempts names no setting of a task type (they are "
                                + "concurrency-limit, default-priority, fair, key-concurrency, key-field, max-attempts, max-execution-time, non-retryable, "
                                + "rate-limit, rate-period, retry, timeout-action)")
                        .hasMessageContaining("async-task.types.mail names no setting"));
    }

    @Test
    void aMisspelledSettingStopsStartUpNamingIt() {
        service.withPropertyValues("async-task.types.greet.max-atempts=2").run(context ->
                assertThat(context).getFailure().hasStackTraceContaining("async-task.types.greet.max-atempts"));
    }

    @Test
    void aTypeWithDotsInItsNameIsConfiguredUnderItsWholeName() {
        service.withBean(DottedHandler.class).withPropertyValues("async-task.types.report.export.max-attempts=4",
                "async-task.types.report.export.retry.jitter=0").run(context -> {
            TaskPolicy export = context.getBean(TaskTypePolicies.class).forType("report.export");
            assertThat(export.maxAttempts()).contains(4);
            assertThat(export.retry().jitter()).isZero();
            assertThat(context.getBean(TaskTypePolicies.class).forType("greet").maxAttempts()).contains(2);
        });
    }

    @Test
    void aTypeWhoseNameIsNoPropertyNameIsConfiguredInBrackets() {
        service.withBean(UpperCaseHandler.class).withPropertyValues("async-task.types[Report_Export].max-attempts=4")
                .run(context -> assertThat(context.getBean(TaskTypePolicies.class).forType("Report_Export").maxAttempts())
                        .contains(4));
    }

    @Test
    void aValueThatDoesNotFitItsTypeStopsStartUpNamingTheProperty() {
        service.withPropertyValues("async-task.types.greet.max-attempts=99999999999").run(context ->
                assertThat(context).getFailure().hasRootCauseInstanceOf(NumberFormatException.class)
                        .hasStackTraceContaining("async-task.types.greet.max-attempts"));
        service.withPropertyValues("async-task.types.greet.timeout-action=later").run(context ->
                assertThat(context).getFailure().hasStackTraceContaining("async-task.types.greet.timeout-action")
                        .hasStackTraceContaining(BindException.class.getName()));
    }
}
