package com.tudicloud.asynctask.worker.policy;

import com.tudicloud.asynctask.api.TaskPolicy;
import com.tudicloud.asynctask.client.TaskTypeDefaults;

import java.util.Map;
import java.util.TreeMap;

/**
 * The policy of each task type this application has a handler for, every setting decided; of each type it only
 * submits and has properties for, their attempts and priority; and the worker's policy for any other type. Built once at start-up by
 * {@link TaskPolicyResolver}; read on every submit and every execution's end.
 */
public final class TaskTypePolicies implements TaskTypeDefaults {

    private final Map<String, TaskPolicy> byType;
    private final TaskPolicy defaults;

    /** @param defaults the policy of types without one of their own */
    public TaskTypePolicies(Map<String, TaskPolicy> byType, TaskPolicy defaults) {
        this.byType = Map.copyOf(byType);
        this.defaults = defaults;
    }

    /** The type's policy; for a type without one of its own here, {@link #defaults()}. */
    public TaskPolicy forType(String taskType) {
        return byType.getOrDefault(taskType, defaults);
    }

    @Override
    public int defaultPriority(String taskType) {
        return forType(taskType).defaultPriority().orElseThrow();
    }

    @Override
    public int maxAttempts(String taskType) {
        return forType(taskType).maxAttempts().orElseThrow();
    }

    @Override
    public String keyField(String taskType) {
        return forType(taskType).keyField().orElse(null);
    }

    /** The policies of the types with a handler here, by type name. */
    public Map<String, TaskPolicy> byType() {
        return new TreeMap<>(byType);
    }

    /** What a type without a handler here gets: the worker's settings, no concurrency limit, every exception retried. */
    public TaskPolicy defaults() {
        return defaults;
    }
}
