package com.tudicloud.asynctask.worker.policy;

import com.tudicloud.asynctask.client.TaskTypeDefaults;

import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * The policy of each task type this application has a handler for, and the worker's settings as the policy
 * of any other type (one submitted here but run elsewhere). Built once at start-up by
 * {@link TaskPolicyResolver}; read on every submit and every execution's end.
 */
public final class TaskTypePolicies implements TaskTypeDefaults {

    private final Map<String, TaskTypePolicy> byType;
    private final TaskTypePolicy defaults;

    /** @param defaults the policy of types without one of their own, with no task type of its own (null) */
    public TaskTypePolicies(Collection<TaskTypePolicy> policies, TaskTypePolicy defaults) {
        Map<String, TaskTypePolicy> map = new TreeMap<>();
        policies.forEach(policy -> map.put(policy.taskType(), policy));
        this.byType = Map.copyOf(map);
        this.defaults = defaults;
    }

    /** The type's policy; for a type without a handler here, {@link #defaults()}. */
    public TaskTypePolicy forType(String taskType) {
        return byType.getOrDefault(taskType, defaults);
    }

    @Override
    public int defaultPriority(String taskType) {
        return forType(taskType).defaultPriority();
    }

    @Override
    public int maxAttempts(String taskType) {
        return forType(taskType).maxAttempts();
    }

    /** The policies of the types with a handler here, by type name. */
    public Map<String, TaskTypePolicy> byType() {
        return new TreeMap<>(byType);
    }

    /** What a type without a handler here gets: the worker's settings, no concurrency limit, every exception retried. */
    public TaskTypePolicy defaults() {
        return defaults;
    }
}
