package com.tudicloud.asynctask.admin;

import com.tudicloud.asynctask.admin.demo.DemoProperties;
import com.tudicloud.asynctask.console.ConsoleApiProperties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.validation.BindValidationException;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.validation.FieldError;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The admin's and the demo's properties at their extremes, bound as at start-up: a value out of range stops
 * start-up with Spring Boot's report naming the property and its range; the extremes inside the range bind.
 */
class AdminSettingsAtStartTest {

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties({AdminProperties.class, ConsoleApiProperties.class, DemoProperties.class})
    static class Settings {
    }

    private static final String A = "async-task.admin.";
    private static final String D = "async-task.demo.";

    private final ApplicationContextRunner runner = new ApplicationContextRunner().withUserConfiguration(Settings.class);

    static Stream<Arguments> refused() {
        List<Arguments> cases = new ArrayList<>();
        for (String value : List.of("0", "-1")) {
            cases.add(Arguments.of(A + "max-body-bytes", value, "must be from 1 to 2147483647"));
        }
        for (String property : List.of(A + "workers-window", D + "feed-interval")) {
            for (String value : List.of("0", "-1ms", "73001d")) {
                cases.add(Arguments.of(property, value, "must be from 1ms to 73000d"));
            }
        }
        for (String property : List.of(D + "sleep", D + "step-pause")) {
            for (String value : List.of("-1ms", "73001d")) {
                cases.add(Arguments.of(property, value, "must be from 0 to 73000d"));
            }
        }
        for (String value : List.of("0", "-1", "-2147483648")) {
            cases.add(Arguments.of(A + "bulk-batch-ids", value, "must be from 1 to 2147483647"));
        }
        for (String value : List.of("199", "0", "-1", "1000001")) {
            cases.add(Arguments.of(A + "list-limit", value, "must be from 200 to 1000000"));
        }
        for (String value : List.of("-1ms", "61s")) {
            cases.add(Arguments.of(A + "stats-cache", value, "must be from 0 to 1m"));
        }
        for (String value : List.of("0", "-1", "10000001")) {
            cases.add(Arguments.of(A + "bulk-max-tasks", value, "must be from 1 to 10000000"));
        }
        for (String value : List.of("999ms", "0", "-1s", "301s")) {
            cases.add(Arguments.of(A + "queue-sample-interval", value, "must be from 1s to 5m"));
        }
        for (String property : List.of(D + "tasks-per-feed", D + "initial-tasks-per-type", D + "flaky-failures",
                D + "export-rows", D + "import-rows")) {
            cases.add(Arguments.of(property, "-1", "must be greater than or equal to 0"));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}={1}")
    @MethodSource("refused")
    void aValueOutOfRangeStopsStartUpNamingThePropertyAndItsRange(String property, String value, String range) {
        runner.withPropertyValues(property + "=" + value).run(context -> {
            assertThat(context).hasFailed();
            BindValidationException validation = findCause(context.getStartupFailure(), BindValidationException.class);
            assertThat(validation.getValidationErrors().getAllErrors()).singleElement().satisfies(error -> {
                // Spring Boot reports it as "Property: <object name>.<field>", e.g. async-task.admin.maxBodyBytes
                assertThat(error.getObjectName() + "." + ((FieldError) error).getField()).isEqualTo(camelCase(property));
                assertThat(error.getDefaultMessage()).isEqualTo(range);
            });
        });
    }

    @ParameterizedTest(name = "login-throttle.{0}=0")
    @ValueSource(strings = {"per-user-per-minute", "per-user-per-hour", "per-address-per-minute", "per-address-per-hour"})
    void aThrottleAllowanceBelowOneStopsStartUp(String allowance) {
        runner.withPropertyValues(A + "login-throttle." + allowance + "=0").run(context -> {
            assertThat(context).hasFailed();
            BindValidationException validation = findCause(context.getStartupFailure(), BindValidationException.class);
            assertThat(validation.getValidationErrors().getAllErrors()).singleElement()
                    .satisfies(error -> assertThat(error.getDefaultMessage()).isEqualTo("must be from 1 to 2147483647"));
        });
    }

    static Stream<Arguments> accepted() {
        return Stream.of(
                Arguments.of(List.of(A + "max-body-bytes=1", A + "bulk-batch-ids=1", A + "workers-window=1ms", A + "queue-sample-interval=1s",
                        A + "list-limit=200", A + "stats-cache=0", A + "bulk-max-tasks=1",
                        A + "login-throttle.per-user-per-minute=1", A + "login-throttle.per-address-per-hour=1",
                        D + "feed-interval=1ms", D + "sleep=0", D + "step-pause=0", D + "tasks-per-feed=0",
                        D + "export-rows=0")),
                Arguments.of(List.of(A + "max-body-bytes=2147483647", A + "bulk-batch-ids=2147483647", A + "workers-window=73000d",
                        A + "list-limit=1000000", A + "stats-cache=1m", A + "bulk-max-tasks=10000000",
                        A + "login-throttle.per-user-per-hour=2147483647",
                        A + "queue-sample-interval=5m", D + "feed-interval=73000d", D + "sleep=73000d",
                        D + "step-pause=73000d", D + "import-rows=2147483647")));
    }

    @ParameterizedTest
    @MethodSource("accepted")
    void theExtremesInsideTheRangeBind(List<String> properties) {
        runner.withPropertyValues(properties.toArray(String[]::new)).run(context -> assertThat(context).hasNotFailed());
    }

    private static String camelCase(String property) {
        int last = property.lastIndexOf('.');
        String[] words = property.substring(last + 1).split("-");
        StringBuilder field = new StringBuilder(words[0]);
        for (int i = 1; i < words.length; i++) {
            field.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
        }
        return property.substring(0, last + 1) + field;
    }

    private static <T extends Throwable> T findCause(Throwable failure, Class<T> type) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " in " + failure, failure);
    }
}
