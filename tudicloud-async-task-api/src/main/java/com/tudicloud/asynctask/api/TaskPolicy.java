package com.tudicloud.asynctask.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * How the tasks of one type are run, as their handler declares it ({@link TaskHandler#policy()}). Every
 * setting is optional: one left out falls back to the worker's setting of the same name, and properties
 * under {@code async-task.types.<type>} override what the handler declares. The worker checks the values
 * it ends up with at start-up, so this class only holds them. Immutable; build it with {@link #builder()}.
 *
 * <pre>{@code
 * TaskPolicy.builder()
 *         .maxAttempts(5)
 *         .backoff(Duration.ofSeconds(2), 3.0, Duration.ofMinutes(10), 0.1)
 *         .maxExecutionTime(Duration.ofMinutes(30))
 *         .timeoutAction(TimeoutAction.FAIL)
 *         .nonRetryable(IllegalArgumentException.class)
 *         .build();
 * }</pre>
 */
public final class TaskPolicy {

    /** Declares nothing: every setting is the worker's. */
    public static final TaskPolicy DEFAULTS = builder().build();

    private final Integer maxAttempts;
    private final Duration initialBackoff;
    private final Double backoffMultiplier;
    private final Duration maxBackoff;
    private final Double jitter;
    private final Duration maxExecutionTime;
    private final TimeoutAction timeoutAction;
    private final Integer defaultPriority;
    private final Integer concurrencyLimit;
    private final List<Class<? extends Throwable>> nonRetryable;
    private final Predicate<Throwable> nonRetryableWhen;

    private TaskPolicy(Builder builder) {
        this.maxAttempts = builder.maxAttempts;
        this.initialBackoff = builder.initialBackoff;
        this.backoffMultiplier = builder.backoffMultiplier;
        this.maxBackoff = builder.maxBackoff;
        this.jitter = builder.jitter;
        this.maxExecutionTime = builder.maxExecutionTime;
        this.timeoutAction = builder.timeoutAction;
        this.defaultPriority = builder.defaultPriority;
        this.concurrencyLimit = builder.concurrencyLimit;
        this.nonRetryable = List.copyOf(builder.nonRetryable);
        this.nonRetryableWhen = builder.nonRetryableWhen;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Executions allowed before a task ends FAILED, for tasks submitted without their own. */
    public Optional<Integer> maxAttempts() {
        return Optional.ofNullable(maxAttempts);
    }

    /** Delay before the second attempt of a task whose handler threw. */
    public Optional<Duration> initialBackoff() {
        return Optional.ofNullable(initialBackoff);
    }

    /** Growth of the retry delay from one attempt to the next. */
    public Optional<Double> backoffMultiplier() {
        return Optional.ofNullable(backoffMultiplier);
    }

    /** The longest retry delay. */
    public Optional<Duration> maxBackoff() {
        return Optional.ofNullable(maxBackoff);
    }

    /** Random spread of each retry delay, as a fraction (0.2 = plus or minus 20%). */
    public Optional<Double> jitter() {
        return Optional.ofNullable(jitter);
    }

    /** How long one execution may run before it is interrupted. */
    public Optional<Duration> maxExecutionTime() {
        return Optional.ofNullable(maxExecutionTime);
    }

    /** What becomes of an execution that ran past {@link #maxExecutionTime()}. */
    public Optional<TimeoutAction> timeoutAction() {
        return Optional.ofNullable(timeoutAction);
    }

    /** The priority of tasks submitted without one. */
    public Optional<Integer> defaultPriority() {
        return Optional.ofNullable(defaultPriority);
    }

    /** At most this many tasks of the type leased at once across the fleet. */
    public Optional<Integer> concurrencyLimit() {
        return Optional.ofNullable(concurrencyLimit);
    }

    /** Exception classes that end a task FAILED at once, without retry, when thrown or found among the causes. */
    public List<Class<? extends Throwable>> nonRetryable() {
        return nonRetryable;
    }

    /** A further test for exceptions that end a task FAILED at once, or {@code null}. */
    public Optional<Predicate<Throwable>> nonRetryableWhen() {
        return Optional.ofNullable(nonRetryableWhen);
    }

    /** Collects the settings; any left unset fall back to the worker's. */
    public static final class Builder {

        private Integer maxAttempts;
        private Duration initialBackoff;
        private Double backoffMultiplier;
        private Duration maxBackoff;
        private Double jitter;
        private Duration maxExecutionTime;
        private TimeoutAction timeoutAction;
        private Integer defaultPriority;
        private Integer concurrencyLimit;
        private final List<Class<? extends Throwable>> nonRetryable = new ArrayList<>();
        private Predicate<Throwable> nonRetryableWhen;

        private Builder() {
        }

        public Builder maxAttempts(int maxAttempts) {
            this.maxAttempts = maxAttempts;
            return this;
        }

        /** Retry delay: {@code initial x multiplier^(attempt-1)}, capped at {@code max}, spread by +/- {@code jitter}. */
        public Builder backoff(Duration initial, double multiplier, Duration max, double jitter) {
            this.initialBackoff = Objects.requireNonNull(initial, "initial");
            this.backoffMultiplier = multiplier;
            this.maxBackoff = Objects.requireNonNull(max, "max");
            this.jitter = jitter;
            return this;
        }

        public Builder initialBackoff(Duration initialBackoff) {
            this.initialBackoff = Objects.requireNonNull(initialBackoff, "initialBackoff");
            return this;
        }

        public Builder backoffMultiplier(double backoffMultiplier) {
            this.backoffMultiplier = backoffMultiplier;
            return this;
        }

        public Builder maxBackoff(Duration maxBackoff) {
            this.maxBackoff = Objects.requireNonNull(maxBackoff, "maxBackoff");
            return this;
        }

        public Builder jitter(double jitter) {
            this.jitter = jitter;
            return this;
        }

        public Builder maxExecutionTime(Duration maxExecutionTime) {
            this.maxExecutionTime = Objects.requireNonNull(maxExecutionTime, "maxExecutionTime");
            return this;
        }

        public Builder timeoutAction(TimeoutAction timeoutAction) {
            this.timeoutAction = Objects.requireNonNull(timeoutAction, "timeoutAction");
            return this;
        }

        public Builder defaultPriority(int defaultPriority) {
            this.defaultPriority = defaultPriority;
            return this;
        }

        public Builder concurrencyLimit(int concurrencyLimit) {
            this.concurrencyLimit = concurrencyLimit;
            return this;
        }

        /** Exceptions of these classes (or with one among their causes) end the task FAILED at once. */
        @SafeVarargs
        public final Builder nonRetryable(Class<? extends Throwable>... exceptionClasses) {
            for (Class<? extends Throwable> exceptionClass : exceptionClasses) {
                nonRetryable.add(Objects.requireNonNull(exceptionClass, "exceptionClass"));
            }
            return this;
        }

        /** Exceptions this test accepts (the thrown one, or one among its causes) end the task FAILED at once. */
        public Builder nonRetryableWhen(Predicate<Throwable> test) {
            this.nonRetryableWhen = Objects.requireNonNull(test, "test");
            return this;
        }

        public TaskPolicy build() {
            return new TaskPolicy(this);
        }
    }
}
