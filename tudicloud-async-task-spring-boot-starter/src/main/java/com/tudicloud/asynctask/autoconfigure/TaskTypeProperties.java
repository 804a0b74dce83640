package com.tudicloud.asynctask.autoconfigure;

import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.handler.NoUnboundElementsBindHandler;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.env.Environment;

import com.tudicloud.asynctask.api.TaskPolicy;
import com.tudicloud.asynctask.worker.InvalidAsyncTaskSettingsException;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Binds {@code async-task.types.<type>.*} for each task type this application has a handler for. A type's
 * name may hold dots ({@code report.export}), which a map key of a properties class would split; so
 * each type is bound at its own name, and a property under {@code async-task.types} that belongs to no such
 * type, or names no setting, stops the start instead of being ignored.
 */
public final class TaskTypeProperties {

    private static final ConfigurationPropertyName TYPES = ConfigurationPropertyName.of("async-task.types");

    private TaskTypeProperties() {
    }

    /**
     * @return each type's settings, for the types with any
     * @throws InvalidAsyncTaskSettingsException naming every property that belongs to no type handled here
     */
    public static Map<String, TaskPolicy> bind(Environment environment, Collection<String> taskTypes) {
        Map<String, ConfigurationPropertyName> prefixes = new LinkedHashMap<>();
        new TreeSet<>(taskTypes).forEach(type -> prefixes.put(type, prefixOf(type)));
        List<String> violations = new ArrayList<>();
        for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
            if (source instanceof IterableConfigurationPropertySource names) {
                names.stream()
                        .filter(name -> TYPES.isAncestorOf(name) && prefixes.values().stream().noneMatch(p -> p.isAncestorOf(name)))
                        .forEach(name -> violations.add(name + " belongs to no task type this application has a handler "
                                + "for (it has " + (taskTypes.isEmpty() ? "none" : String.join(", ", prefixes.keySet())) + ")"));
            }
        }
        if (!violations.isEmpty()) {
            throw new InvalidAsyncTaskSettingsException(violations.stream().distinct().toList());
        }
        Binder binder = Binder.get(environment);
        Map<String, TaskPolicy> bound = new TreeMap<>();
        prefixes.forEach((type, prefix) -> binder.bind(prefix, Bindable.of(TaskPolicy.class),
                        strictness(prefix, prefixes.values()))
                .ifBound(settings -> bound.put(type, settings)));
        return bound;
    }

    /** A name that is not a setting (a typo) fails the bind, unless another type's settings live beneath this one's. */
    private static BindHandler strictness(ConfigurationPropertyName prefix, Collection<ConfigurationPropertyName> all) {
        boolean nestsAnother = all.stream().anyMatch(prefix::isAncestorOf);
        return nestsAnother ? BindHandler.DEFAULT : new NoUnboundElementsBindHandler(BindHandler.DEFAULT);
    }

    /** {@code async-task.types.report.export}; a name that is not a valid property name goes in brackets. */
    private static ConfigurationPropertyName prefixOf(String type) {
        ConfigurationPropertyName plain = ConfigurationPropertyName.ofIfValid(TYPES + "." + type);
        return plain != null ? plain : TYPES.append("[" + type + "]");
    }
}
