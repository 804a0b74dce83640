package com.tudicloud.asynctask.autoconfigure;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every async-task property at its extremes, bound as Spring Boot binds them at start-up: a value out of range
 * stops start-up with a report naming the property and its range; the extremes inside the range start.
 */
class SettingsAtStartTest {

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties({AsyncTaskWorkerProperties.class, AsyncTaskRetentionProperties.class,
            AsyncTaskScheduleProperties.class, AsyncTaskMetricsProperties.class})
    static class Settings {

        @Bean
        AsyncTaskSettings settings(AsyncTaskWorkerProperties worker, AsyncTaskRetentionProperties retention,
                                   AsyncTaskScheduleProperties schedules, AsyncTaskMetricsProperties metrics) {
            return new AsyncTaskSettings(worker, retention, schedules, metrics);
        }
    }

    private static final String W = "async-task.worker.";
    private static final String R = "async-task.retention.";
    private static final String S = "async-task.schedules.";

    /** Durations that must be at least 1 ms. */
    private static final List<String> POSITIVE = List.of(W + "lease-timeout", W + "heartbeat-interval",
            W + "recovery-interval", W + "registry-refresh-interval", W + "max-execution-time", W + "poll-interval",
            W + "limits-refresh-interval", W + "shutdown-timeout", W + "retry.initial-backoff", W + "retry.max-backoff",
            "async-task.metrics.queue-refresh-interval", R + "interval", S + "refresh-interval");

    /** Durations that may be 0. */
    private static final List<String> NOT_NEGATIVE = List.of(W + "recovery-batch-pause", W + "prefetch-window",
            R + "batch-pause", R + "success-age", R + "failed-age", R + "cancelled-age", R + "audit-age");

    /** Counts that must be at least 1. */
    private static final List<String> AT_LEAST_ONE = List.of(W + "recovery-batch-size", W + "recovery-max-batches",
            W + "completion-batch-size", R + "batch-size", R + "max-batches", S + "batch-size");

    private final ApplicationContextRunner runner = new ApplicationContextRunner().withUserConfiguration(Settings.class);

    static Stream<Arguments> refused() {
        List<Arguments> cases = new ArrayList<>();
        for (String property : POSITIVE) {
            for (String value : List.of("0", "-1ms", "999us", "73001d")) {
                cases.add(Arguments.of(property, value, "must be from 1ms to 73000d"));
            }
            cases.add(Arguments.of(property, "9223372036854775807d", "Failed to bind"));
        }
        for (String property : NOT_NEGATIVE) {
            for (String value : List.of("-1ms", "-9223372036854775807ms", "73001d")) {
                cases.add(Arguments.of(property, value, "must be from 0 to 73000d"));
            }
        }
        for (String property : AT_LEAST_ONE) {
            cases.add(Arguments.of(property, "0", "must be at least 1"));
            cases.add(Arguments.of(property, "-2147483648", "must be at least 1"));
            cases.add(Arguments.of(property, "2147483648", "Failed to bind"));
        }
        cases.add(Arguments.of(W + "slots", "0", "must be from 1 to 10000"));
        cases.add(Arguments.of(W + "slots", "10001", "must be from 1 to 10000"));
        cases.add(Arguments.of(W + "global-limit", "-1", "must be 0 (no limit) or more"));
        cases.add(Arguments.of(W + "type-limits.export", "0", "must be at least 1"));
        for (String value : List.of("0.999", "NaN", "Infinity", "-Infinity")) {
            cases.add(Arguments.of(W + "retry.multiplier", value, "must be a finite number of at least 1.0"));
        }
        cases.add(Arguments.of(S + "misfire-threshold", "-1ms", "must be from 0 to 73000d"));
        cases.add(Arguments.of(S + "misfire-threshold", "61m", "must be at most PT1H"));
        for (String value : List.of("-0.001", "1.0", "NaN", "Infinity")) {
            cases.add(Arguments.of(W + "retry.jitter", value, "must be from 0 to below 1.0"));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}={1}")
    @MethodSource("refused")
    void aValueOutOfRangeStopsStartUpNamingThePropertyAndItsRange(String property, String value, String range) {
        runner.withPropertyValues(property + "=" + value).run(context -> {
            assertThat(context).hasFailed();
            assertThat(report(context.getStartupFailure())).contains(property).contains(range);
        });
    }

    static Stream<Arguments> accepted() {
        List<Arguments> cases = new ArrayList<>();
        for (String property : POSITIVE) {
            cases.add(Arguments.of(List.of(property + "=1ms", W + "lease-timeout=3ms", W + "heartbeat-interval=1ms",
                    W + "recovery-interval=1ms")));
            cases.add(Arguments.of(List.of(property + "=73000d", W + "lease-timeout=73000d",
                    W + "heartbeat-interval=24333d")));
        }
        for (String property : NOT_NEGATIVE) {
            cases.add(Arguments.of(List.of(property + "=0")));
            cases.add(Arguments.of(List.of(property + "=73000d")));
        }
        for (String property : AT_LEAST_ONE) {
            cases.add(Arguments.of(List.of(property + "=1")));
            cases.add(Arguments.of(List.of(property + "=2147483647")));
        }
        cases.add(Arguments.of(List.of(W + "slots=1", W + "retry.multiplier=1.0", W + "retry.jitter=0")));
        cases.add(Arguments.of(List.of(W + "slots=10000", W + "retry.multiplier=1e300", W + "retry.jitter=0.999")));
        cases.add(Arguments.of(List.of(W + "global-limit=0", W + "type-limits.export=1", S + "misfire-threshold=0")));
        cases.add(Arguments.of(List.of(S + "misfire-threshold=1h")));
        cases.add(Arguments.of(List.of(W + "global-limit=2147483647", W + "type-limits.export=2147483647")));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("accepted")
    void theExtremesInsideTheRangeStart(List<String> properties) {
        runner.withPropertyValues(properties.toArray(String[]::new)).run(context -> assertThat(context).hasNotFailed());
    }

    /**
     * What Spring Boot prints for a failed start: our analyzer's description for our checks; for a value that
     * does not bind at all, the binder's message, which Boot's own analyzer prints with the property's origin.
     */
    private static String report(Throwable failure) {
        FailureAnalysis analysis = new InvalidAsyncTaskSettingsFailureAnalyzer().analyze(failure);
        if (analysis != null) {
            return analysis.getDescription();
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof BindException) {
                return cause.getMessage();
            }
        }
        throw new AssertionError("neither an async-task settings failure nor a bind failure", failure);
    }
}
