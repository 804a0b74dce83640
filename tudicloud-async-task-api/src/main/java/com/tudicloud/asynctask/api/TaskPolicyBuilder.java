package com.tudicloud.asynctask.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/** Collects the settings of a {@link TaskPolicy}; any left unset fall back to the worker's. */
public final class TaskPolicyBuilder {

    private Integer maxAttempts;
    private Integer defaultPriority;
    private Duration initialBackoff;
    private Double backoffMultiplier;
    private Duration maxBackoff;
    private Double jitter;
    private Duration maxExecutionTime;
    private TimeoutAction timeoutAction;
    private Integer concurrencyLimit;
    private String keyField;
    private Integer keyConcurrency;
    private Integer rateLimit;
    private Duration ratePeriod;
    private Boolean fair;
    private final List<Class<? extends Throwable>> nonRetryable = new ArrayList<>();
    private Predicate<Throwable> nonRetryableWhen;

    TaskPolicyBuilder() {
    }

    public TaskPolicyBuilder maxAttempts(int maxAttempts) {
        this.maxAttempts = maxAttempts;
        return this;
    }

    /** Retry delay: {@code initial x multiplier^(attempt-1)}, capped at {@code max}, spread by +/- {@code jitter}. */
    public TaskPolicyBuilder backoff(Duration initial, double multiplier, Duration max, double jitter) {
        this.initialBackoff = Objects.requireNonNull(initial, "initial");
        this.backoffMultiplier = multiplier;
        this.maxBackoff = Objects.requireNonNull(max, "max");
        this.jitter = jitter;
        return this;
    }

    public TaskPolicyBuilder initialBackoff(Duration initialBackoff) {
        this.initialBackoff = Objects.requireNonNull(initialBackoff, "initialBackoff");
        return this;
    }

    public TaskPolicyBuilder backoffMultiplier(double backoffMultiplier) {
        this.backoffMultiplier = backoffMultiplier;
        return this;
    }

    public TaskPolicyBuilder maxBackoff(Duration maxBackoff) {
        this.maxBackoff = Objects.requireNonNull(maxBackoff, "maxBackoff");
        return this;
    }

    public TaskPolicyBuilder jitter(double jitter) {
        this.jitter = jitter;
        return this;
    }

    public TaskPolicyBuilder maxExecutionTime(Duration maxExecutionTime) {
        this.maxExecutionTime = Objects.requireNonNull(maxExecutionTime, "maxExecutionTime");
        return this;
    }

    public TaskPolicyBuilder timeoutAction(TimeoutAction timeoutAction) {
        this.timeoutAction = Objects.requireNonNull(timeoutAction, "timeoutAction");
        return this;
    }

    public TaskPolicyBuilder defaultPriority(int defaultPriority) {
        this.defaultPriority = defaultPriority;
        return this;
    }

    public TaskPolicyBuilder concurrencyLimit(int concurrencyLimit) {
        this.concurrencyLimit = concurrencyLimit;
        return this;
    }

    /** A request without a key takes the text of this top-level field of its payload as its key. */
    public TaskPolicyBuilder keyField(String keyField) {
        this.keyField = Objects.requireNonNull(keyField, "keyField");
        return this;
    }

    /** At most this many tasks of one key leased at once across the fleet; tasks without a key are not capped so. */
    public TaskPolicyBuilder keyConcurrency(int keyConcurrency) {
        this.keyConcurrency = keyConcurrency;
        return this;
    }

    /**
     * At most {@code starts} tasks of the type started across the fleet within any stretch of {@code period},
     * by the database's clock; a task over the limit waits, without spending an attempt.
     */
    public TaskPolicyBuilder rateLimit(int starts, Duration period) {
        this.rateLimit = starts;
        this.ratePeriod = Objects.requireNonNull(period, "period");
        return this;
    }

    /**
     * Claims take the type's tasks across its keys in turn: one task of each key with due tasks, then a second
     * of each, priorities still first within a key, so that one key's backlog cannot starve the others.
     */
    public TaskPolicyBuilder fair(boolean fair) {
        this.fair = fair;
        return this;
    }

    /** Exceptions of these classes (or with one among their causes) end the task FAILED at once. */
    @SafeVarargs
    public final TaskPolicyBuilder nonRetryable(Class<? extends Throwable>... exceptionClasses) {
        for (Class<? extends Throwable> exceptionClass : exceptionClasses) {
            nonRetryable.add(Objects.requireNonNull(exceptionClass, "exceptionClass"));
        }
        return this;
    }

    /** Exceptions this test accepts (the thrown one, or one among its causes) end the task FAILED at once. */
    public TaskPolicyBuilder nonRetryableWhen(Predicate<Throwable> test) {
        this.nonRetryableWhen = Objects.requireNonNull(test, "test");
        return this;
    }

    public TaskPolicy build() {
        return new TaskPolicy(maxAttempts, defaultPriority,
                new TaskPolicy.Retry(initialBackoff, backoffMultiplier, maxBackoff, jitter), maxExecutionTime, timeoutAction,
                concurrencyLimit, keyField, keyConcurrency, rateLimit, ratePeriod, fair, nonRetryable,
                nonRetryableWhen);
    }
}
