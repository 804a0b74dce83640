package com.tudicloud.asynctask.console.api;

import com.tudicloud.asynctask.console.ConsoleApiProperties;
import com.tudicloud.asynctask.api.TaskHandler;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

import java.util.Set;
import java.util.TreeSet;

/** The task types operators may submit: those of this application's handlers, plus the configured ones. */
@Component
public class TaskTypeCatalog {

    private final Set<String> known;

    public TaskTypeCatalog(ObjectProvider<TaskHandler<?>> handlers, ConsoleApiProperties properties) {
        Set<String> types = new TreeSet<>(properties.getTaskTypes());
        handlers.orderedStream().forEach(handler -> types.add(handler.taskType()));
        this.known = Set.copyOf(types);
    }

    public boolean isKnown(String taskType) {
        return known.contains(taskType);
    }

    public Set<String> known() {
        return new TreeSet<>(known);
    }
}
