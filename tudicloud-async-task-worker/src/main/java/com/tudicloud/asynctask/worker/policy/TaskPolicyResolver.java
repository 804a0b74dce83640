package com.tudicloud.asynctask.worker.policy;

import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskPolicy;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TimeoutAction;
import com.tudicloud.asynctask.api.spi.StoreLimits;
import com.tudicloud.asynctask.worker.AsyncTaskProperties;
import com.tudicloud.asynctask.worker.InvalidAsyncTaskSettingsException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Decides each task type's policy from three layers, setting by setting: its properties under
 * {@code async-task.types.<type>}, else its handler's {@link TaskPolicy}, else the worker's settings. Then
 * checks what a type sets itself (the worker's own settings are checked with the worker) and refuses to
 * start on any violation, naming the type and where the value came from.
 */
public final class TaskPolicyResolver {

    /** A backoff the store can add to its clock. */
    static final Duration MAX_BACKOFF = StoreLimits.SCHEMA.maxDelay();
    /** The watchdog measures executions in nanoseconds, which a long holds for 292 years. */
    static final Duration MAX_EXECUTION_TIME = Duration.ofDays(200L * 365);

    private static final String TYPES = "async-task.types.";
    private static final String WORKER = "async-task.worker.";

    private final AsyncTaskProperties.Worker worker;
    private final Map<String, AsyncTaskProperties.TypePolicy> overrides;
    private final List<String> violations = new ArrayList<>();

    private TaskPolicyResolver(AsyncTaskProperties.Worker worker, Map<String, AsyncTaskProperties.TypePolicy> overrides) {
        this.worker = worker;
        this.overrides = overrides;
    }

    /** @throws InvalidAsyncTaskSettingsException listing every violation */
    public static TaskTypePolicies resolve(AsyncTaskProperties.Worker worker,
                                           Map<String, AsyncTaskProperties.TypePolicy> overrides,
                                           Collection<? extends TaskHandler<?>> handlers) {
        return new TaskPolicyResolver(worker, overrides).resolveAll(handlers);
    }

    /** The worker's settings as a policy: what a type without a handler here runs under. */
    public static TaskTypePolicy defaults(AsyncTaskProperties.Worker worker) {
        AsyncTaskProperties.Retry retry = worker.getRetry();
        return new TaskTypePolicy(null, TaskRequest.DEFAULT_MAX_ATTEMPTS, 0,
                new TaskTypePolicy.Backoff(retry.getInitialBackoff(), retry.getMultiplier(), retry.getMaxBackoff(),
                        retry.getJitter()),
                worker.getMaxExecutionTime(), worker.getTimeoutAction(), 0, List.of(), null);
    }

    private TaskTypePolicies resolveAll(Collection<? extends TaskHandler<?>> handlers) {
        TreeSet<String> handled = new TreeSet<>();
        handlers.forEach(handler -> handled.add(handler.taskType()));
        for (String type : overrides.keySet()) {
            if (!handled.contains(type)) {
                violations.add(TYPES + type + " names a task type this application has no handler for (it has "
                        + (handled.isEmpty() ? "none" : String.join(", ", handled)) + ")");
            }
        }
        List<TaskTypePolicy> policies = new ArrayList<>();
        for (TaskHandler<?> handler : handlers) {
            policies.add(resolve(handler));
        }
        if (!violations.isEmpty()) {
            throw new InvalidAsyncTaskSettingsException(violations);
        }
        return new TaskTypePolicies(policies, defaults(worker));
    }

    private TaskTypePolicy resolve(TaskHandler<?> handler) {
        String type = handler.taskType();
        TaskPolicy declared = declaredPolicy(handler);
        AsyncTaskProperties.TypePolicy props = overrides.getOrDefault(type, new AsyncTaskProperties.TypePolicy());
        AsyncTaskProperties.TypeRetry retry = props.getRetry();
        Layers layers = new Layers(type, handler.getClass().getName());

        Setting<Integer> maxAttempts = layers.pick("max-attempts", props.getMaxAttempts(),
                "maxAttempts", declared.maxAttempts(), "the default", TaskRequest.DEFAULT_MAX_ATTEMPTS);
        Setting<Integer> priority = layers.pick("default-priority", props.getDefaultPriority(),
                "defaultPriority", declared.defaultPriority(), "the default", 0);
        Setting<Duration> initial = layers.pick("retry.initial-backoff", retry.getInitialBackoff(), "initialBackoff",
                declared.initialBackoff(), WORKER + "retry.initial-backoff", worker.getRetry().getInitialBackoff());
        Setting<Double> multiplier = layers.pick("retry.multiplier", retry.getMultiplier(), "backoffMultiplier",
                declared.backoffMultiplier(), WORKER + "retry.multiplier", worker.getRetry().getMultiplier());
        Setting<Duration> max = layers.pick("retry.max-backoff", retry.getMaxBackoff(), "maxBackoff",
                declared.maxBackoff(), WORKER + "retry.max-backoff", worker.getRetry().getMaxBackoff());
        Setting<Double> jitter = layers.pick("retry.jitter", retry.getJitter(), "jitter",
                declared.jitter(), WORKER + "retry.jitter", worker.getRetry().getJitter());
        Setting<Duration> maxExecution = layers.pick("max-execution-time", props.getMaxExecutionTime(),
                "maxExecutionTime", declared.maxExecutionTime(), WORKER + "max-execution-time",
                worker.getMaxExecutionTime());
        Setting<TimeoutAction> timeoutAction = layers.pick("timeout-action", props.getTimeoutAction(),
                "timeoutAction", declared.timeoutAction(), WORKER + "timeout-action", worker.getTimeoutAction());
        Setting<Integer> limit = concurrencyLimit(layers, props, declared);

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
        List<Class<? extends Throwable>> nonRetryable = new ArrayList<>(declared.nonRetryable());
        nonRetryable.addAll(exceptionClasses(type, props.getNonRetryable()));
        return new TaskTypePolicy(type, maxAttempts.value(), priority.value(),
                new TaskTypePolicy.Backoff(initial.value(), multiplier.value(), max.value(), jitter.value()),
                maxExecution.value(), timeoutAction.value(), Math.max(0, limit.value()), nonRetryable,
                declared.nonRetryableWhen().orElse(null));
    }

    /** {@code concurrency-limit}, else the worker's {@code type-limits} entry (the two must agree), else the handler's. */
    private Setting<Integer> concurrencyLimit(Layers layers, AsyncTaskProperties.TypePolicy props, TaskPolicy declared) {
        String type = layers.type();
        Integer typeLimit = worker.getTypeLimits().get(type);
        if (props.getConcurrencyLimit() != null && typeLimit != null && !typeLimit.equals(props.getConcurrencyLimit())) {
            violations.add(TYPES + type + ".concurrency-limit (" + props.getConcurrencyLimit() + ") and " + WORKER
                    + "type-limits." + type + " (" + typeLimit + ") disagree; set one of them");
        }
        if (props.getConcurrencyLimit() == null && typeLimit != null) {
            // checked with the worker's settings already
            return new Setting<>(typeLimit, WORKER + "type-limits." + type, false);
        }
        return layers.pick("concurrency-limit", props.getConcurrencyLimit(), "concurrencyLimit",
                declared.concurrencyLimit(), "none", 0);
    }

    private List<Class<? extends Throwable>> exceptionClasses(String type, List<Class<?>> classes) {
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

    /** Picks a setting's value from the layers of one type. */
    private record Layers(String type, String handlerClass) {

        <T> Setting<T> pick(String property, T overridden, String policyName, Optional<T> declared,
                            String fallbackName, T fallback) {
            if (overridden != null) {
                return new Setting<>(overridden, TYPES + type + "." + property, true);
            }
            return declared.map(value -> new Setting<>(value, "the TaskPolicy of " + handlerClass + " (task type '"
                            + type + "') " + policyName, true))
                    .orElseGet(() -> new Setting<>(fallback, fallbackName + " (inherited by task type '" + type + "')",
                            false));
        }
    }
}
