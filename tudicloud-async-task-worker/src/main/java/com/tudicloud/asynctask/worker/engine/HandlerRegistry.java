package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.TaskHandler;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/** The handlers of one worker by task type; the worker claims only these types. */
public final class HandlerRegistry {

    private final Map<String, TaskHandler<?>> byType;

    public HandlerRegistry(Collection<? extends TaskHandler<?>> handlers) {
        Map<String, TaskHandler<?>> map = new TreeMap<>();
        for (TaskHandler<?> handler : handlers) {
            TaskHandler<?> previous = map.put(handler.taskType(), handler);
            if (previous != null) {
                throw new IllegalStateException("two handlers for task type '" + handler.taskType() + "': "
                        + previous.getClass().getName() + " and " + handler.getClass().getName());
            }
        }
        this.byType = Map.copyOf(map);
    }

    /** The handlers, ordered by task type. */
    public Collection<TaskHandler<?>> handlers() {
        return new TreeMap<>(byType).values();
    }

    public Set<String> taskTypes() {
        return byType.keySet();
    }

    public Optional<TaskHandler<?>> handlerFor(String taskType) {
        return Optional.ofNullable(byType.get(taskType));
    }
}
