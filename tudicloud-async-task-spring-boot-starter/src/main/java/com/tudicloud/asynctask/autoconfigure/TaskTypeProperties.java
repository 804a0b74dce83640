package com.tudicloud.asynctask.autoconfigure;

import org.springframework.beans.BeanUtils;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.DataObjectPropertyName;
import org.springframework.boot.context.properties.bind.handler.NoUnboundElementsBindHandler;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.env.Environment;

import com.tudicloud.asynctask.api.TaskPolicy;
import com.tudicloud.asynctask.worker.InvalidAsyncTaskSettingsException;

import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Binds {@code async-task.types.<type>.*}: for each task type this application has a handler for, and for each
 * type the properties name (a type submitted here and run elsewhere). A type's name may hold dots
 * ({@code report.export}), which a map key of a properties class would split; so a property's type is what comes
 * before its setting's name, each type is bound at its own name, and a property under {@code async-task.types}
 * that names no setting stops the start instead of being ignored.
 */
public final class TaskTypeProperties {

    private static final ConfigurationPropertyName TYPES = ConfigurationPropertyName.of("async-task.types");

    /** The first element of each setting's name, as the binder derives them from {@link TaskPolicy}'s constructor. */
    private static final Set<String> SETTINGS = settingNames();

    private TaskTypeProperties() {
    }

    /**
     * @return each type's settings, for the types with any
     * @throws InvalidAsyncTaskSettingsException naming every property that names no setting
     */
    public static Map<String, TaskPolicy> bind(Environment environment, Collection<String> handledTypes) {
        Set<String> types = new TreeSet<>(handledTypes);
        List<String> violations = new ArrayList<>();
        for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
            if (source instanceof IterableConfigurationPropertySource names) {
                names.stream().filter(TYPES::isAncestorOf).forEach(name -> typeOf(name).ifPresentOrElse(types::add,
                        () -> violations.add(name + " names no setting of a task type (they are "
                                + String.join(", ", SETTINGS) + ")")));
            }
        }
        if (!violations.isEmpty()) {
            throw new InvalidAsyncTaskSettingsException(violations.stream().distinct().toList());
        }
        Map<String, ConfigurationPropertyName> prefixes = new LinkedHashMap<>();
        types.forEach(type -> prefixes.put(type, prefixOf(type)));
        Binder binder = Binder.get(environment);
        Map<String, TaskPolicy> bound = new TreeMap<>();
        prefixes.forEach((type, prefix) -> binder.bind(prefix, Bindable.of(TaskPolicy.class),
                        strictness(prefix, prefixes.values()))
                .ifBound(settings -> bound.put(type, settings)));
        return bound;
    }

    /** The elements between {@code async-task.types} and the last one that starts a setting's name. */
    private static Optional<String> typeOf(ConfigurationPropertyName name) {
        int first = TYPES.getNumberOfElements();
        for (int i = name.getNumberOfElements() - 1; i > first; i--) {
            if (SETTINGS.contains(name.getElement(i, Form.DASHED))) {
                List<String> elements = new ArrayList<>();
                for (int j = first; j < i; j++) {
                    elements.add(name.getElement(j, Form.ORIGINAL));
                }
                return Optional.of(String.join(".", elements));
            }
        }
        return Optional.empty();
    }

    private static Set<String> settingNames() {
        Constructor<?> binding = BeanUtils.getResolvableConstructor(TaskPolicy.class);
        String[] names = new DefaultParameterNameDiscoverer().getParameterNames(binding);
        if (names == null) {
            throw new IllegalStateException(TaskPolicy.class.getName() + " was compiled without parameter names");
        }
        Set<String> settings = new TreeSet<>();
        Class<?>[] types = binding.getParameterTypes();
        for (int i = 0; i < names.length; i++) {
            if (!types[i].getPackageName().equals("java.util.function")) {   // code, which no property can hold
                settings.add(DataObjectPropertyName.toDashedForm(names[i]));
            }
        }
        return settings;
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
