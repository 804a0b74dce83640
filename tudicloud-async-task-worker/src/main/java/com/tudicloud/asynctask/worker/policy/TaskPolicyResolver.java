package com.tudicloud.asynctask.worker.policy;

import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskPolicy;
import com.tudicloud.asynctask.api.TimeoutAction;
import com.tudicloud.asynctask.api.spi.RateLimit;
import com.tudicloud.asynctask.api.spi.StoreLimits;
import com.tudicloud.asynctask.worker.InvalidAsyncTaskSettingsException;
import com.tudicloud.asynctask.worker.WorkerConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Decides each task type's policy from three layers, setting by setting: its properties under
 * {@code async-task.types.<type>}, else its handler's {@link TaskPolicy}, else the worker's. A type with properties
 * and no handler here takes its attempts and priority from them, for the tasks this application submits. Then checks what a
 * type sets itself (the worker's own settings are checked with the worker) and refuses to start on any
 * violation, naming the type and where the value came from.
 */
public final class TaskPolicyResolver {

    private static final Logger log = LoggerFactory.getLogger(TaskPolicyResolver.class);

    /** A backoff the store can add to its clock. */
    static final Duration MAX_BACKOFF = StoreLimits.SCHEMA.maxDelay();
    /** The watchdog measures executions in nanoseconds, which a long holds for 292 years. */
    static final Duration MAX_EXECUTION_TIME = Duration.ofDays(200L * 365);

    /** The period of a rate limit set without one: "100 per second". */
    static final Duration DEFAULT_RATE_PERIOD = Duration.ofSeconds(1);

    private static final String TYPES = "async-task.types.";
    private static final String WORKER = "async-task.worker.";

    private final WorkerConfig worker;
    private final Map<String, TaskPolicy> overrides;
    private final List<String> violations = new ArrayList<>();

    private TaskPolicyResolver(WorkerConfig worker, Map<String, TaskPolicy> overrides) {
        this.worker = worker;
        this.overrides = overrides;
    }

    /**
     * @param overrides each type's settings from its properties
     * @throws InvalidAsyncTaskSettingsException listing every violation
     */
    public static TaskTypePolicies resolve(WorkerConfig worker, Map<String, TaskPolicy> overrides,
                                           Collection<? extends TaskHandler<?>> handlers) {
        return new TaskPolicyResolver(worker, overrides).resolveAll(handlers);
    }

    private TaskTypePolicies resolveAll(Collection<? extends TaskHandler<?>> handlers) {
        Map<String, TaskPolicy> policies = new TreeMap<>();
        for (TaskHandler<?> handler : handlers) {
            policies.put(handler.taskType(), resolve(handler));
        }
        overrides.forEach((type, props) -> policies.computeIfAbsent(type, t -> submittedHere(t, props)));
        if (!violations.isEmpty()) {
            throw new InvalidAsyncTaskSettingsException(violations);
        }
        return new TaskTypePolicies(policies, worker.defaultPolicy());
    }

    /**
     * A type without a handler here is one this application submits and another runs: what a submit decides
     * (attempts and priority) applies to its tasks, the rest belongs to the worker that runs them.
     */
    private TaskPolicy submittedHere(String type, TaskPolicy props) {
        TaskPolicy defaults = worker.defaultPolicy();
        int maxAttempts = props.maxAttempts().orElse(defaults.maxAttempts().orElseThrow());
        int priority = props.defaultPriority().orElse(defaults.defaultPriority().orElseThrow());
        if (maxAttempts < 1) {
            violations.add(TYPES + type + ".max-attempts (" + maxAttempts + ") must be at least 1");
        }
        String keyField = props.keyField().orElse(null);
        checkKeyField(TYPES + type + ".key-field", keyField);
        List<String> elsewhere = settingsOfTheRunningWorker(props);
        log.info("Task type '{}' has no handler here: the tasks of it this application submits get max-attempts {} "
                + "and default-priority {}{}", type, maxAttempts, priority,
                elsewhere.isEmpty() ? "" : "; its " + String.join(", ", elsewhere) + " settings apply only where it runs");
        return new TaskPolicy(maxAttempts, priority, null, null, null, null, keyField, null, null, null, null, null,
                null)
                .orElse(defaults);
    }

    /** A key field names one top-level field of the payload. */
    private void checkKeyField(String source, String keyField) {
        if (keyField != null && (keyField.isBlank() || !keyField.equals(keyField.strip()))) {
            violations.add(source + " ('" + keyField + "') must name a payload field, without white space around it");
        }
    }

    private static List<String> settingsOfTheRunningWorker(TaskPolicy props) {
        List<String> names = new ArrayList<>();
        TaskPolicy.Retry retry = props.retry();
        if (retry.initialBackoff() != null || retry.multiplier() != null || retry.maxBackoff() != null
                || retry.jitter() != null) {
            names.add("retry");
        }
        props.maxExecutionTime().ifPresent(set -> names.add("max-execution-time"));
        props.timeoutAction().ifPresent(set -> names.add("timeout-action"));
        props.concurrencyLimit().ifPresent(set -> names.add("concurrency-limit"));
        props.keyConcurrency().ifPresent(set -> names.add("key-concurrency"));
        props.fair().ifPresent(set -> names.add("fair"));
        if (props.rateLimit().isPresent() || props.ratePeriod().isPresent()) {
            names.add("rate-limit");
        }
        if (!props.nonRetryable().isEmpty()) {
            names.add("non-retryable");
        }
        return names;
    }

    private TaskPolicy resolve(TaskHandler<?> handler) {
        String type = handler.taskType();
        TaskPolicy declared = declaredPolicy(handler);
        TaskPolicy props = overrides.getOrDefault(type, TaskPolicy.DEFAULTS);
        Layers layers = new Layers(type, handler.getClass().getName(), props, declared);
        TaskPolicy defaults = worker.defaultPolicy();

        Setting<Integer> maxAttempts = layers.pick("max-attempts", "maxAttempts", TaskPolicy::maxAttempts,
                "the default", defaults.maxAttempts().orElseThrow());
        Setting<Integer> priority = layers.pick("default-priority", "defaultPriority", TaskPolicy::defaultPriority,
                "the default", defaults.defaultPriority().orElseThrow());
        TaskPolicy.Retry workerRetry = defaults.retry();
        Setting<Duration> initial = layers.pick("retry.initial-backoff", "initialBackoff",
                p -> Optional.ofNullable(p.retry().initialBackoff()), WORKER + "retry.initial-backoff",
                workerRetry.initialBackoff());
        Setting<Double> multiplier = layers.pick("retry.multiplier", "backoffMultiplier",
                p -> Optional.ofNullable(p.retry().multiplier()), WORKER + "retry.multiplier", workerRetry.multiplier());
        Setting<Duration> max = layers.pick("retry.max-backoff", "maxBackoff",
                p -> Optional.ofNullable(p.retry().maxBackoff()), WORKER + "retry.max-backoff", workerRetry.maxBackoff());
        Setting<Double> jitter = layers.pick("retry.jitter", "jitter", p -> Optional.ofNullable(p.retry().jitter()),
                WORKER + "retry.jitter", workerRetry.jitter());
        Setting<Duration> maxExecution = layers.pick("max-execution-time", "maxExecutionTime",
                TaskPolicy::maxExecutionTime, WORKER + "max-execution-time", defaults.maxExecutionTime().orElseThrow());
        Setting<TimeoutAction> timeoutAction = layers.pick("timeout-action",
                "timeoutAction", TaskPolicy::timeoutAction, WORKER + "timeout-action",
                defaults.timeoutAction().orElseThrow());
        Setting<Integer> limit = concurrencyLimit(layers, props);
        Setting<String> keyField = layers.pick("key-field", "keyField", TaskPolicy::keyField, "none", null);
        Setting<Integer> keyConcurrency = layers.pick("key-concurrency", "keyConcurrency", TaskPolicy::keyConcurrency,
                "none", 0);
        Setting<Integer> rateLimit = layers.pick("rate-limit", "rateLimit", TaskPolicy::rateLimit, "none", 0);
        Setting<Duration> ratePeriod = layers.pick("rate-period", "ratePeriod", TaskPolicy::ratePeriod,
                "the default rate period", DEFAULT_RATE_PERIOD);
        Setting<Boolean> fair = layers.pick("fair", "fair", TaskPolicy::fair, "none", false);

        if (maxAttempts.own() && maxAttempts.value() < 1) {
            violations.add(maxAttempts + " must be at least 1");
        }
        checkDelay(initial, MAX_BACKOFF);
        checkDelay(max, MAX_BACKOFF);
        checkDelay(maxExecution, MAX_EXECUTION_TIME);
        if (multiplier.own() && !(multiplier.value() >= 1.0 && multiplier.value() <= Double.MAX_VALUE)) {
            violations.add(multiplier + " must be a number of at least 1.0");
        }
        if (jitter.own() && !(jitter.value() >= 0 && jitter.value() < 1.0)) {
            violations.add(jitter + " must be from 0 to below 1.0");
        }
        if ((initial.own() || max.own()) && isPositive(initial.value()) && isPositive(max.value())
                && max.value().compareTo(initial.value()) < 0) {
            violations.add(max + " must not be less than " + initial);
        }
        if (limit.own() && limit.value() < 1) {
            violations.add(limit + " must be at least 1");
        }
        if (keyConcurrency.own() && keyConcurrency.value() < 1) {
            violations.add(keyConcurrency + " must be at least 1");
        }
        if (keyField.own()) {
            checkKeyField(keyField.source(), keyField.value());
        }
        checkRate(rateLimit, ratePeriod);
        boolean rateLimited = rateLimit.value() > 0;
        List<Class<? extends Throwable>> nonRetryable = new ArrayList<>(declared.nonRetryable());
        nonRetryable.addAll(exceptionClasses(type, props.nonRetryable()));
        return new TaskPolicy(maxAttempts.value(), priority.value(),
                new TaskPolicy.Retry(initial.value(), multiplier.value(), max.value(), jitter.value()),
                maxExecution.value(), timeoutAction.value(), limit.value() > 0 ? limit.value() : null, keyField.value(),
                keyConcurrency.value() > 0 ? keyConcurrency.value() : null, rateLimited ? rateLimit.value() : null,
                rateLimited ? ratePeriod.value() : null, fair.value() ? Boolean.TRUE : null, nonRetryable,
                declared.nonRetryableWhen().orElse(null));
    }

    /** {@code concurrency-limit}, else the worker's {@code type-limits} entry (the two must agree), else the handler's. */
    private Setting<Integer> concurrencyLimit(Layers layers, TaskPolicy props) {
        String type = layers.type();
        Integer typeLimit = worker.typeLimits().get(type);
        Integer own = props.concurrencyLimit().orElse(null);
        if (own != null && typeLimit != null && !typeLimit.equals(own)) {
            violations.add(TYPES + type + ".concurrency-limit (" + own + ") and " + WORKER
                    + "type-limits." + type + " (" + typeLimit + ") disagree; set one of them");
        }
        if (own == null && typeLimit != null) {
            // checked with the worker's settings already
            return new Setting<>(typeLimit, WORKER + "type-limits." + type, false);
        }
        return layers.pick("concurrency-limit", "concurrencyLimit", TaskPolicy::concurrencyLimit, "none", 0);
    }

    /** A rate limit's starts and period make a {@link RateLimit}; a period without a limit is a mistake, not a no-op. */
    private void checkRate(Setting<Integer> rateLimit, Setting<Duration> ratePeriod) {
        if (!rateLimit.own()) {
            if (ratePeriod.own()) {
                violations.add(ratePeriod + " is set, but the type sets no rate-limit for it");
            }
            return;
        }
        String startsProblem = RateLimit.startsProblem(rateLimit.value());
        if (startsProblem != null) {
            violations.add(rateLimit + " " + startsProblem);
        }
        String periodProblem = RateLimit.periodProblem(ratePeriod.value());
        if (periodProblem != null) {
            violations.add(ratePeriod + " " + periodProblem);
        }
    }

    /** Classes named in properties arrive unchecked: a class that is no exception is refused here. */
    private List<Class<? extends Throwable>> exceptionClasses(String type, List<Class<? extends Throwable>> classes) {
        List<Class<? extends Throwable>> exceptions = new ArrayList<>();
        for (Class<?> named : classes) {
            if (named == null || !Throwable.class.isAssignableFrom(named)) {
                violations.add(TYPES + type + ".non-retryable names " + (named == null ? "nothing" : named.getName())
                        + ", which is not an exception class");
            } else {
                exceptions.add(named.asSubclass(Throwable.class));
            }
        }
        return exceptions;
    }

    private void checkDelay(Setting<Duration> setting, Duration atMost) {
        if (!setting.own()) {
            return;
        }
        if (!isPositive(setting.value())) {
            violations.add(setting + " must be positive");
        } else if (setting.value().compareTo(atMost) > 0) {
            violations.add(setting + " must be at most " + atMost.toDays() + " days");
        }
    }

    private static boolean isPositive(Duration duration) {
        return duration != null && !duration.isZero() && !duration.isNegative();
    }

    /** A handler's policy; one whose {@code policy()} fails or returns nothing stops the start like a bad property. */
    private TaskPolicy declaredPolicy(TaskHandler<?> handler) {
        try {
            TaskPolicy policy = handler.policy();
            if (policy != null) {
                return policy;
            }
            violations.add("task type '" + handler.taskType() + "': " + handler.getClass().getName()
                    + ".policy() returned null; return TaskPolicy.DEFAULTS to declare nothing");
        } catch (RuntimeException e) {
            violations.add("task type '" + handler.taskType() + "': " + handler.getClass().getName()
                    + ".policy() failed: " + e);
        }
        return TaskPolicy.DEFAULTS;
    }

    /** One setting's value and where it came from; {@code own} when the type set it rather than inherited it. */
    record Setting<T>(T value, String source, boolean own) {
        @Override
        public String toString() {
            return source + " (" + value + ")";
        }
    }

    /** Picks a setting's value from the layers of one type: its properties, then its handler's policy. */
    private record Layers(String type, String handlerClass, TaskPolicy properties, TaskPolicy declared) {

        <T> Setting<T> pick(String property, String policyName, Function<TaskPolicy, Optional<T>> setting,
                            String fallbackName, T fallback) {
            Optional<T> overridden = setting.apply(properties);
            if (overridden.isPresent()) {
                return new Setting<>(overridden.get(), TYPES + type + "." + property, true);
            }
            return setting.apply(declared).map(value -> new Setting<>(value, "the TaskPolicy of " + handlerClass
                            + " (task type '" + type + "') " + policyName, true))
                    .orElseGet(() -> new Setting<>(fallback, fallbackName + " (inherited by task type '" + type + "')",
                            false));
        }
    }
}
