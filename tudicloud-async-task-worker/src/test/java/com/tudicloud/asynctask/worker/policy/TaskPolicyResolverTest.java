package com.tudicloud.asynctask.worker.policy;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskPolicy;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.TimeoutAction;
import com.tudicloud.asynctask.worker.WorkerConfig;
import com.tudicloud.asynctask.worker.InvalidAsyncTaskSettingsException;
import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Which layer each setting comes from, and what a type may not set. */
class TaskPolicyResolverTest {

    /** A handler whose policy() returns what {@code declared} gives, or throws what it throws. */
    record Handler(String taskType, Supplier<TaskPolicy> declared) implements TaskHandler<Object> {
        Handler(String taskType, TaskPolicy policy) {
            this(taskType, () -> policy);
        }

        @Override
        public TaskPolicy policy() {
            return declared.get();
        }

        @Override
        public Class<Object> payloadType() {
            return Object.class;
        }

        @Override
        public TaskResult execute(TaskContext context, Object payload) {
            return TaskResult.success();
        }
    }

    /** A type's properties, as they bind: each left out is null. */
    static final class Props {
        Integer maxAttempts;
        Integer defaultPriority;
        Duration maxExecutionTime;
        TimeoutAction timeoutAction;
        Integer concurrencyLimit;
        List<Class<?>> nonRetryable = List.of();
        Duration initialBackoff;
        Double multiplier;
        Duration maxBackoff;
        Double jitter;
        Integer rateLimit;
        Duration ratePeriod;
        Boolean fair;

        @SuppressWarnings({"unchecked", "rawtypes"})
        TaskPolicy policy() {
            return new TaskPolicy(maxAttempts, defaultPriority, new TaskPolicy.Retry(initialBackoff, multiplier, maxBackoff,
                    jitter), maxExecutionTime, timeoutAction, concurrencyLimit, null, null, rateLimit, ratePeriod,
                    fair, (List) nonRetryable, null);
        }
    }

    private final WorkerConfig.Builder worker = WorkerConfig.builder();
    private final Map<String, Props> overrides = new LinkedHashMap<>();

    @Test
    void aPropertyOverridesTheHandlerWhichOverridesTheWorker() {
        var declared = TaskPolicy.builder().maxAttempts(7).defaultPriority(5).maxExecutionTime(Duration.ofMinutes(1))
                .timeoutAction(TimeoutAction.FAIL).concurrencyLimit(4).nonRetryable(IllegalArgumentException.class).build();
        override("report", type -> {
            type.maxAttempts = 9;
            type.initialBackoff = Duration.ofSeconds(3);
            type.nonRetryable = List.of(UncheckedIOException.class);
        });

        TaskPolicy report = resolve(new Handler("report", declared), new Handler("plain", TaskPolicy.DEFAULTS))
                .forType("report");

        assertThat(report.maxAttempts()).contains(9);                                 // property
        assertThat(report.retry().initialBackoff()).isEqualTo(Duration.ofSeconds(3));        // property
        assertThat(report.defaultPriority()).contains(5);                              // handler
        assertThat(report.maxExecutionTime()).contains(Duration.ofMinutes(1));         // handler
        assertThat(report.timeoutAction()).contains(TimeoutAction.FAIL);               // handler
        assertThat(report.concurrencyLimit()).contains(4);                             // handler
        assertThat(report.retry().maxBackoff()).isEqualTo(Duration.ofMinutes(5));            // worker
        assertThat(report.nonRetryable()).containsExactly(IllegalArgumentException.class, UncheckedIOException.class);
    }

    @Test
    void aTypeThatSetsNothingRunsUnderTheWorkersSettingsAndSoDoesATypeWithoutAHandler() {
        worker.maxExecutionTime(Duration.ofSeconds(42));
        worker.timeoutAction(TimeoutAction.FAIL);

        TaskTypePolicies policies = resolve(new Handler("plain", TaskPolicy.DEFAULTS));

        for (TaskPolicy policy : List.of(policies.forType("plain"), policies.forType("run-elsewhere"))) {
            assertThat(policy.maxAttempts()).contains(3);
            assertThat(policy.defaultPriority()).contains(0);
            assertThat(policy.maxExecutionTime()).contains(Duration.ofSeconds(42));
            assertThat(policy.timeoutAction()).contains(TimeoutAction.FAIL);
            assertThat(policy.concurrencyLimit()).isEmpty();
            assertThat(policy.isNonRetryable(new IllegalArgumentException())).isFalse();
        }
        assertThat(policies.byType()).containsOnlyKeys("plain");
    }

    @Test
    void theWorkersTypeLimitIsTheTypesConcurrencyLimitUnlessItsPropertyDisagrees() {
        worker.typeLimits(Map.of("report", 2));
        assertThat(resolve(new Handler("report", TaskPolicy.builder().concurrencyLimit(6).build()))
                .forType("report").concurrencyLimit()).contains(2);

        override("report", type -> type.concurrencyLimit = 3);
        assertThatThrownBy(() -> resolve(new Handler("report", TaskPolicy.DEFAULTS)))
                .hasMessageContaining("async-task.types.report.concurrency-limit (3) and async-task.worker.type-limits.report (2) disagree");
    }

    @Test
    void everyBadValueIsNamedWithItsTypeAndSource() {
        override("report", type -> {
            type.maxAttempts = 0;
            type.concurrencyLimit = -1;
            type.maxExecutionTime = Duration.ZERO;
            type.multiplier = Double.NaN;
            type.jitter = 1.0;
            type.initialBackoff = Duration.ofSeconds(10);
            type.maxBackoff = Duration.ofSeconds(1);
            type.nonRetryable = List.of(String.class);
        });
        override("ghost", type -> type.maxAttempts = 0);

        assertThatThrownBy(() -> resolve(new Handler("report", TaskPolicy.DEFAULTS)))
                .isInstanceOf(InvalidAsyncTaskSettingsException.class)
                .satisfies(e -> assertThat(((InvalidAsyncTaskSettingsException) e).violations()).containsExactlyInAnyOrder(
                        "async-task.types.ghost.max-attempts (0) must be at least 1",
                        "async-task.types.report.max-attempts (0) must be at least 1",
                        "async-task.types.report.concurrency-limit (-1) must be at least 1",
                        "async-task.types.report.max-execution-time (PT0S) must be positive",
                        "async-task.types.report.retry.multiplier (NaN) must be a number of at least 1.0",
                        "async-task.types.report.retry.jitter (1.0) must be from 0 to below 1.0",
                        "async-task.types.report.retry.max-backoff (PT1S) must not be less than "
                                + "async-task.types.report.retry.initial-backoff (PT10S)",
                        "async-task.types.report.non-retryable names java.lang.String, which is not an exception class"));
    }

    @Test
    void aRateLimitComesFromItsPropertiesOrTheHandlerAndItsPeriodIsASecondUnlessSet() {
        override("mail", type -> {
            type.rateLimit = 100;
            type.ratePeriod = Duration.ofMinutes(1);
        });
        override("sms", type -> type.rateLimit = 20);

        TaskTypePolicies policies = resolve(new Handler("mail", TaskPolicy.builder().rateLimit(5, Duration.ofHours(1)).build()),
                new Handler("sms", TaskPolicy.DEFAULTS),
                new Handler("push", TaskPolicy.builder().rateLimit(1_000_000, Duration.ofHours(24)).build()),
                new Handler("plain", TaskPolicy.DEFAULTS));

        assertThat(policies.forType("mail").rateLimit()).contains(100);
        assertThat(policies.forType("mail").ratePeriod()).contains(Duration.ofMinutes(1));
        assertThat(policies.forType("sms").rateLimit()).contains(20);
        assertThat(policies.forType("sms").ratePeriod()).contains(Duration.ofSeconds(1));
        assertThat(policies.forType("push").rateLimit()).contains(1_000_000);
        assertThat(policies.forType("push").ratePeriod()).contains(Duration.ofHours(24));
        assertThat(policies.forType("plain").rateLimit()).isEmpty();
        assertThat(policies.forType("plain").ratePeriod()).as("no period without a limit").isEmpty();
    }

    @Test
    void aTypeIsFairByItsPropertiesOrItsHandlerAndThePropertiesWin() {
        override("mail", type -> type.fair = true);
        override("sms", type -> type.fair = false);

        TaskTypePolicies policies = resolve(new Handler("mail", TaskPolicy.DEFAULTS),
                new Handler("sms", TaskPolicy.builder().fair(true).build()),
                new Handler("push", TaskPolicy.builder().fair(true).build()),
                new Handler("plain", TaskPolicy.DEFAULTS));

        assertThat(policies.forType("mail").fair()).contains(true);
        assertThat(policies.forType("sms").fair()).as("its properties say it is not").isEmpty();
        assertThat(policies.forType("push").fair()).contains(true);
        assertThat(policies.forType("plain").fair()).isEmpty();
    }

    @Test
    void aRateLimitOutOfRangeIsNamedWithItsSetting() {
        override("none", type -> type.rateLimit = 0);
        override("many", type -> {
            type.rateLimit = 1_000_001;
            type.ratePeriod = Duration.ofMinutes(1);
        });
        override("short", type -> {
            type.rateLimit = 10;
            type.ratePeriod = Duration.ofMillis(999);
        });
        override("long", type -> {
            type.rateLimit = 10;
            type.ratePeriod = Duration.ofHours(24).plusMillis(1);
        });
        override("fine", type -> {
            type.rateLimit = 10;
            type.ratePeriod = Duration.ofSeconds(1).plusNanos(1);
        });
        override("alone", type -> type.ratePeriod = Duration.ofMinutes(1));

        assertThatThrownBy(() -> resolve(new Handler("none", TaskPolicy.DEFAULTS), new Handler("many", TaskPolicy.DEFAULTS),
                new Handler("short", TaskPolicy.DEFAULTS), new Handler("long", TaskPolicy.DEFAULTS),
                new Handler("fine", TaskPolicy.DEFAULTS), new Handler("alone", TaskPolicy.DEFAULTS),
                new Handler("declared", TaskPolicy.builder().rateLimit(-1, Duration.ZERO).build())))
                .isInstanceOf(InvalidAsyncTaskSettingsException.class)
                .satisfies(e -> assertThat(((InvalidAsyncTaskSettingsException) e).violations()).containsExactlyInAnyOrder(
                        "async-task.types.none.rate-limit (0) must be from 1 to 1000000 starts",
                        "async-task.types.many.rate-limit (1000001) must be from 1 to 1000000 starts",
                        "async-task.types.short.rate-period (PT0.999S) must be from 1s to 24h",
                        "async-task.types.long.rate-period (PT24H0.001S) must be from 1s to 24h",
                        "async-task.types.fine.rate-period (PT1.000000001S) must be whole milliseconds",
                        "async-task.types.alone.rate-period (PT1M) is set, but the type sets no rate-limit for it",
                        "the TaskPolicy of " + Handler.class.getName() + " (task type 'declared') rateLimit (-1) must be "
                                + "from 1 to 1000000 starts",
                        "the TaskPolicy of " + Handler.class.getName() + " (task type 'declared') ratePeriod (PT0S) must be "
                                + "from 1s to 24h"));
    }

    /** Submitted here, run elsewhere: attempts and priority count for the submits, nothing else is decided here. */
    @Test
    void aTypeWithoutAHandlerHereGetsItsAttemptsAndPriorityForItsSubmits() {
        override("mail", type -> {
            type.maxAttempts = 8;
            type.defaultPriority = 5;
            type.maxBackoff = Duration.ofMinutes(30);
        });
        override("sms", type -> type.defaultPriority = -1);

        TaskTypePolicies policies = resolve(new Handler("report", TaskPolicy.DEFAULTS));

        assertThat(policies.maxAttempts("mail")).isEqualTo(8);
        assertThat(policies.defaultPriority("mail")).isEqualTo(5);
        assertThat(policies.maxAttempts("sms")).as("the default").isEqualTo(TaskRequest.DEFAULT_MAX_ATTEMPTS);
        assertThat(policies.defaultPriority("sms")).isEqualTo(-1);
        assertThat(policies.forType("mail").retry()).as("the running worker's business").isEqualTo(policies.defaults().retry());
    }

    @Test
    void aHandlersOwnBadValuesAreNamedWithTheHandlerClass() {
        var declared = TaskPolicy.builder().maxAttempts(-5)
                .backoff(Duration.ofMillis(-1), Double.POSITIVE_INFINITY, ChronoUnit.FOREVER.getDuration(), -0.1).build();

        assertThatThrownBy(() -> resolve(new Handler("report", declared)))
                .isInstanceOf(InvalidAsyncTaskSettingsException.class)
                .satisfies(e -> assertThat(((InvalidAsyncTaskSettingsException) e).violations()).containsExactlyInAnyOrder(
                        "the TaskPolicy of " + Handler.class.getName() + " (task type 'report') maxAttempts (-5) must be at least 1",
                        "the TaskPolicy of " + Handler.class.getName() + " (task type 'report') initialBackoff (PT-0.001S) must be positive",
                        "the TaskPolicy of " + Handler.class.getName() + " (task type 'report') maxBackoff ("
                                + ChronoUnit.FOREVER.getDuration() + ") must be at most 73000 days",
                        "the TaskPolicy of " + Handler.class.getName() + " (task type 'report') backoffMultiplier (Infinity) "
                                + "must be a number of at least 1.0",
                        "the TaskPolicy of " + Handler.class.getName() + " (task type 'report') jitter (-0.1) must be from 0 to below 1.0"));
    }

    @Test
    void theLargestValuesAllowedPassAndOneBeyondDoesNot() {
        override("report", type -> {
            type.maxAttempts = Integer.MAX_VALUE;
            type.defaultPriority = Integer.MIN_VALUE;
            type.concurrencyLimit = Integer.MAX_VALUE;
            type.maxExecutionTime = TaskPolicyResolver.MAX_EXECUTION_TIME;
            type.initialBackoff = Duration.ofMillis(1);
            type.maxBackoff = TaskPolicyResolver.MAX_BACKOFF;
            type.multiplier = Double.MAX_VALUE;
            type.jitter = 0.0;
        });
        TaskPolicy report = resolve(new Handler("report", TaskPolicy.DEFAULTS)).forType("report");
        assertThat(report.maxAttempts()).contains(Integer.MAX_VALUE);
        assertThat(report.retry().delayAfter(Integer.MAX_VALUE, 0.5)).isEqualTo(TaskPolicyResolver.MAX_BACKOFF);

        overrides.get("report").maxExecutionTime = TaskPolicyResolver.MAX_EXECUTION_TIME.plusMillis(1);
        assertThatThrownBy(() -> resolve(new Handler("report", TaskPolicy.DEFAULTS)))
                .hasMessageContaining("async-task.types.report.max-execution-time (PT1752000H0.001S) must be at most 73000 days");
    }

    @Test
    void aHandlerWhosePolicyMethodFailsStopsTheStart() {
        assertThatThrownBy(() -> resolve(new Handler("report", (TaskPolicy) null)))
                .hasMessageContaining("task type 'report': " + Handler.class.getName()
                        + ".policy() returned null; return TaskPolicy.DEFAULTS to declare nothing");

        Handler throwing = new Handler("export", () -> {
            throw new IllegalStateException("not configured yet");
        });
        assertThatThrownBy(() -> resolve(throwing))
                .hasMessageContaining(".policy() failed: java.lang.IllegalStateException: not configured yet");
    }

    @Test
    void nonRetryableLooksAtTheCausesAndATestThatThrowsSaysNo() {
        var declared = TaskPolicy.builder().nonRetryable(IllegalArgumentException.class)
                .nonRetryableWhen(e -> {
                    if (e.getMessage() == null) {
                        throw new NullPointerException("the test reads the message");
                    }
                    return e.getMessage().startsWith("bad input");
                }).build();
        TaskPolicy policy = resolve(new Handler("report", declared)).forType("report");

        assertThat(policy.isNonRetryable(new RuntimeException("wrapped", new NumberFormatException("x")))).isTrue();
        assertThat(policy.isNonRetryable(new IllegalStateException("bad input: row 7"))).isTrue();
        assertThat(policy.isNonRetryable(new IllegalStateException("downstream unavailable"))).isFalse();
        assertThat(policy.isNonRetryable(new IllegalStateException())).isFalse();
        RuntimeException loop = new RuntimeException("a");
        RuntimeException other = new RuntimeException("b", loop);
        loop.initCause(other);
        assertThat(policy.isNonRetryable(loop)).isFalse();
    }

    private void override(String type, Consumer<Props> settings) {
        settings.accept(overrides.computeIfAbsent(type, t -> new Props()));
    }

    private TaskTypePolicies resolve(TaskHandler<?>... handlers) {
        Map<String, TaskPolicy> bound = new LinkedHashMap<>();
        overrides.forEach((type, props) -> bound.put(type, props.policy()));
        return TaskPolicyResolver.resolve(worker.build(), bound, List.of(handlers));
    }
}
