package com.tudicloud.asynctask.api;

import java.util.List;

/**
 * A task's dependencies (the tasks it waits for) and its dependents (the tasks that wait for it), lowest id
 * first, each list cut at the limit it was read with.
 */
public record TaskLinks(List<LinkedTask> dependsOn, List<LinkedTask> dependents) {

    public TaskLinks {
        dependsOn = List.copyOf(dependsOn);
        dependents = List.copyOf(dependents);
    }
}
