package com.tudicloud.asynctask.worker.policy;

import com.tudicloud.asynctask.api.TimeoutAction;

import java.time.Duration;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The policy a task type runs under, every setting decided: a property under {@code async-task.types.<type>},
 * else what the handler declares, else the worker's setting.
 *
 * @param taskType         the type
 * @param maxAttempts      executions allowed, for tasks submitted without their own
 * @param defaultPriority  the priority of tasks submitted without one
 * @param backoff          the delay before each retry of a task whose handler threw
 * @param maxExecutionTime how long one execution may run before it is interrupted
 * @param timeoutAction    what becomes of an execution that ran past it
 * @param concurrencyLimit the fleet-wide cap on leased tasks of the type this application declares, 0 for none
 * @param nonRetryable     exception classes that end a task FAILED at once
 * @param nonRetryableWhen a further test for such exceptions, or {@code null}
 */
public record TaskTypePolicy(String taskType, int maxAttempts, int defaultPriority, Backoff backoff,
                             Duration maxExecutionTime, TimeoutAction timeoutAction, int concurrencyLimit,
                             List<Class<? extends Throwable>> nonRetryable, Predicate<Throwable> nonRetryableWhen) {

    /** Causes looked at, at most: a chain that loops back on itself must not loop the worker. */
    private static final int MAX_CAUSES = 32;

    public TaskTypePolicy {
        nonRetryable = List.copyOf(nonRetryable);
    }

    /**
     * Whether the error ends the task at once: it, or one of its causes, is of a non-retryable class or
     * passes the test. A test that throws counts as no.
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

    /** Whether a handler gave a test of its own for non-retryable exceptions (which cannot be shown, only named). */
    public boolean hasNonRetryableTest() {
        return nonRetryableWhen != null;
    }

    /**
     * Exponential backoff with jitter: {@code initial x multiplier^(attempt-1)}, capped at {@code max}, then
     * spread by plus or minus {@code jitter}.
     */
    public record Backoff(Duration initial, double multiplier, Duration max, double jitter) {

        /**
         * @param attempt the attempt that just failed, 1 for the first
         * @param random  uniform in [0, 1]: 0 shortens by the whole jitter, 1 lengthens by it
         */
        public Duration delayAfter(int attempt, double random) {
            double base = initial.toMillis() * Math.pow(multiplier, attempt - 1);
            double capped = Math.min(base, max.toMillis());
            double spread = 1 + jitter * (2 * random - 1);
            return Duration.ofMillis(Math.round(capped * spread));
        }
    }
}
