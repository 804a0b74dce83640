package com.tudicloud.asynctask.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * How the tasks of one type are run: attempts, retry backoff, time limit, default priority, concurrency,
 * per-key concurrency and where a task's key comes from, a rate limit on starts, exceptions not worth a retry. Every setting is optional (null: not set here), and policies stack setting by
 * setting ({@link #orElse}): a type's properties under {@code async-task.types.<type>} (bound through the
 * constructor), over what its handler declares ({@link TaskHandler#policy()}), over the worker's settings. The
 * worker checks the values it ends up with at start-up, so this class only holds them. Immutable; a handler
 * builds one with {@link #builder()}.
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

    /** Causes looked at, at most: a chain that loops back on itself must not loop the worker. */
    private static final int MAX_CAUSES = 32;

    /**
     * The delay before each retry of a task whose handler threw: {@code initialBackoff x multiplier^(attempt-1)},
     * capped at {@code maxBackoff}, spread by plus or minus {@code jitter} (a fraction). Each may be null.
     */
    public record Retry(Duration initialBackoff, Double multiplier, Duration maxBackoff, Double jitter) {

        static final Retry NONE = new Retry(null, null, null, null);

        Retry orElse(Retry fallback) {
            return new Retry(initialBackoff != null ? initialBackoff : fallback.initialBackoff,
                    multiplier != null ? multiplier : fallback.multiplier,
                    maxBackoff != null ? maxBackoff : fallback.maxBackoff,
                    jitter != null ? jitter : fallback.jitter);
        }

        /**
         * @param attempt the attempt that just failed, 1 for the first
         * @param random  uniform in [0, 1]: 0 shortens by the whole jitter, 1 lengthens by it
         */
        public Duration delayAfter(int attempt, double random) {
            double base = initialBackoff.toMillis() * Math.pow(multiplier, attempt - 1);
            double capped = Math.min(base, maxBackoff.toMillis());
            double spread = 1 + jitter * (2 * random - 1);
            return Duration.ofMillis(Math.round(capped * spread));
        }
    }

    private final Integer maxAttempts;
    private final Integer defaultPriority;
    private final Retry retry;
    private final Duration maxExecutionTime;
    private final TimeoutAction timeoutAction;
    private final Integer concurrencyLimit;
    private final String keyField;
    private final Integer keyConcurrency;
    private final Integer rateLimit;
    private final Duration ratePeriod;
    private final Boolean fair;
    private final List<Class<? extends Throwable>> nonRetryable;
    private final Predicate<Throwable> nonRetryableWhen;

    /**
     * Every argument may be null: the setting is not set here.
     *
     * @param maxAttempts      executions allowed before a task ends FAILED, for tasks submitted without their own
     * @param defaultPriority  the priority of tasks submitted without one
     * @param retry            the delay before each retry
     * @param maxExecutionTime how long one execution may run before it is interrupted
     * @param timeoutAction    what becomes of an execution that ran past it
     * @param concurrencyLimit at most this many tasks of the type leased at once across the fleet
     * @param keyField         the top-level payload field that names a task's key when its submitter gives none
     * @param keyConcurrency   at most this many tasks of one key of the type leased at once across the fleet
     * @param rateLimit        at most this many tasks of the type started across the fleet within any rate period
     * @param ratePeriod       the stretch of time the rate limit counts starts over (1 second when a rate limit is
     *                         set without one)
     * @param fair             whether claims take the type's tasks across its keys in turn, so that one key's
     *                         backlog cannot starve the others
     * @param nonRetryable     exception classes that end a task FAILED at once, thrown or among the causes
     * @param nonRetryableWhen a further test for such exceptions
     */
    public TaskPolicy(Integer maxAttempts, Integer defaultPriority, Retry retry, Duration maxExecutionTime,
                      TimeoutAction timeoutAction, Integer concurrencyLimit, String keyField, Integer keyConcurrency,
                      Integer rateLimit, Duration ratePeriod, Boolean fair,
                      List<Class<? extends Throwable>> nonRetryable, Predicate<Throwable> nonRetryableWhen) {
        this.keyField = keyField;
        this.keyConcurrency = keyConcurrency;
        this.rateLimit = rateLimit;
        this.ratePeriod = ratePeriod;
        this.fair = fair;
        this.maxAttempts = maxAttempts;
        this.defaultPriority = defaultPriority;
        this.retry = retry != null ? retry : Retry.NONE;
        this.maxExecutionTime = maxExecutionTime;
        this.timeoutAction = timeoutAction;
        this.concurrencyLimit = concurrencyLimit;
        this.nonRetryable = nonRetryable == null ? List.of() : List.copyOf(nonRetryable);
        this.nonRetryableWhen = nonRetryableWhen;
    }

    public static TaskPolicyBuilder builder() {
        return new TaskPolicyBuilder();
    }

    /**
     * This policy, each setting it leaves out taken from {@code fallback}; the non-retryable exceptions of both
     * count, and the test of this one if it has one.
     */
    public TaskPolicy orElse(TaskPolicy fallback) {
        List<Class<? extends Throwable>> exceptions = new ArrayList<>(nonRetryable);
        fallback.nonRetryable.stream().filter(type -> !exceptions.contains(type)).forEach(exceptions::add);
        return new TaskPolicy(maxAttempts != null ? maxAttempts : fallback.maxAttempts,
                defaultPriority != null ? defaultPriority : fallback.defaultPriority, retry.orElse(fallback.retry),
                maxExecutionTime != null ? maxExecutionTime : fallback.maxExecutionTime,
                timeoutAction != null ? timeoutAction : fallback.timeoutAction,
                concurrencyLimit != null ? concurrencyLimit : fallback.concurrencyLimit,
                keyField != null ? keyField : fallback.keyField,
                keyConcurrency != null ? keyConcurrency : fallback.keyConcurrency,
                rateLimit != null ? rateLimit : fallback.rateLimit, ratePeriod != null ? ratePeriod : fallback.ratePeriod,
                fair != null ? fair : fallback.fair, exceptions,
                nonRetryableWhen != null ? nonRetryableWhen : fallback.nonRetryableWhen);
    }

    /** Executions allowed before a task ends FAILED, for tasks submitted without their own. */
    public Optional<Integer> maxAttempts() {
        return Optional.ofNullable(maxAttempts);
    }

    /** The priority of tasks submitted without one. */
    public Optional<Integer> defaultPriority() {
        return Optional.ofNullable(defaultPriority);
    }

    /** The delay before each retry; each of its settings may be unset. */
    public Retry retry() {
        return retry;
    }

    /** How long one execution may run before it is interrupted. */
    public Optional<Duration> maxExecutionTime() {
        return Optional.ofNullable(maxExecutionTime);
    }

    /** What becomes of an execution that ran past {@link #maxExecutionTime()}. */
    public Optional<TimeoutAction> timeoutAction() {
        return Optional.ofNullable(timeoutAction);
    }

    /** At most this many tasks of the type leased at once across the fleet. */
    public Optional<Integer> concurrencyLimit() {
        return Optional.ofNullable(concurrencyLimit);
    }

    /** The top-level payload field whose text is a task's key when its request names none. */
    public Optional<String> keyField() {
        return Optional.ofNullable(keyField);
    }

    /** At most this many tasks of one key of the type leased at once across the fleet. */
    public Optional<Integer> keyConcurrency() {
        return Optional.ofNullable(keyConcurrency);
    }

    /** Whether claims take the type's tasks across its keys in turn (one task of each key, then a second, ...). */
    public Optional<Boolean> fair() {
        return Optional.ofNullable(fair);
    }

    /** At most this many tasks of the type started across the fleet within any {@link #ratePeriod()}. */
    public Optional<Integer> rateLimit() {
        return Optional.ofNullable(rateLimit);
    }

    /** The stretch of time {@link #rateLimit()} counts starts over. */
    public Optional<Duration> ratePeriod() {
        return Optional.ofNullable(ratePeriod);
    }

    /** Exception classes that end a task FAILED at once, without retry, when thrown or found among the causes. */
    public List<Class<? extends Throwable>> nonRetryable() {
        return nonRetryable;
    }

    /** A further test for exceptions that end a task FAILED at once. */
    public Optional<Predicate<Throwable>> nonRetryableWhen() {
        return Optional.ofNullable(nonRetryableWhen);
    }

    /**
     * Whether the error ends the task at once: it, or one of its causes, is of a non-retryable class or passes
     * the test. A test that throws counts as no.
     */
    public boolean isNonRetryable(Throwable error) {
        if (nonRetryable.isEmpty() && nonRetryableWhen == null) {
            return false;
        }
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable cause = error; cause != null && seen.size() < MAX_CAUSES && seen.add(cause); cause = cause.getCause()) {
            if (matches(cause)) {
                return true;
            }
        }
        return false;
    }

    private boolean matches(Throwable error) {
        for (Class<? extends Throwable> type : nonRetryable) {
            if (type.isInstance(error)) {
                return true;
            }
        }
        try {
            return nonRetryableWhen != null && nonRetryableWhen.test(error);
        } catch (RuntimeException testFailed) {   // a faulty test must not keep the outcome from being decided
            return false;
        }
    }
}
