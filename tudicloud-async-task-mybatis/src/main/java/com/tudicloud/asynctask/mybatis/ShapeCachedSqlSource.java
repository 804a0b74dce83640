package com.tudicloud.asynctask.mybatis;

import org.apache.ibatis.mapping.BoundSql;
import org.apache.ibatis.mapping.ParameterMapping;
import org.apache.ibatis.mapping.SqlSource;
import org.apache.ibatis.reflection.MetaClass;
import org.apache.ibatis.reflection.invoker.Invoker;
import org.apache.ibatis.scripting.xmltags.DynamicContext;
import org.apache.ibatis.session.Configuration;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A dynamic statement built once per shape of its parameters and then reused: its SQL text and placeholders
 * as MyBatis rendered them, with the values of each call bound to the same places. For statements whose text
 * depends only on the sizes of the lists they are given and on their boolean flags (the claim, the mark of a
 * claimed batch, a group of successes, the idle look): rendering such a statement walks the XML, evaluates an
 * expression and looks up a type by reflection for every placeholder, and for the grouped statements of a
 * drain that cost more CPU than the JDBC driver and the database's reply together.
 * <p>
 * What a rendering bound (the list elements a {@code <foreach>} named) is found again in the next call's
 * parameters at the same list and position. A rendering that bound anything else is not reused, nor is a
 * parameter that is not a map of named values; they are rendered every time, as without this class.
 */
final class ShapeCachedSqlSource implements SqlSource {

    /** Shapes kept per statement: a claim or group size each, a few flags; beyond, statements are rendered. */
    static final int MAX_SHAPES = 512;

    private final Configuration configuration;
    private final SqlSource dynamic;
    private final Map<List<Object>, Rendering> renderings = new ConcurrentHashMap<>();

    ShapeCachedSqlSource(Configuration configuration, SqlSource dynamic) {
        this.configuration = configuration;
        this.dynamic = dynamic;
    }

    @Override
    public BoundSql getBoundSql(Object parameter) {
        if (!(parameter instanceof Map<?, ?> named)) {
            return dynamic.getBoundSql(parameter);
        }
        List<Object> shape = shapeOf(named);
        Rendering rendering = renderings.get(shape);
        if (rendering != null) {
            return rendering.bind(configuration, named);
        }
        BoundSql rendered = dynamic.getBoundSql(parameter);
        Rendering learned = Rendering.of(rendered, named);
        if (learned != null && renderings.size() < MAX_SHAPES) {
            renderings.put(shape, learned);
        }
        return rendered;
    }

    /** Renderings kept, for tests. */
    int shapes() {
        return renderings.size();
    }

    /** Each named list's size and each named flag, in the order of the names. */
    private static List<Object> shapeOf(Map<?, ?> named) {
        List<Object> shape = new ArrayList<>();
        new TreeMap<>(stringKeys(named)).forEach((name, value) -> {
            if (value instanceof Collection<?> list) {
                shape.add(name);
                shape.add(list.size());
            } else if (value instanceof Boolean flag) {
                shape.add(name);
                shape.add(flag);
            }
        });
        return shape;
    }

    private static Map<String, Object> stringKeys(Map<?, ?> named) {
        Map<String, Object> byName = new LinkedHashMap<>();
        named.forEach((key, value) -> byName.put(String.valueOf(key), value));
        return byName;
    }

    /** Where a bound value comes from: the parameter itself, a constant, or an element of a named list. */
    private record Source(String list, int index, Object constant, boolean parameter) {

        Object valueIn(Object parameterObject, Map<String, Object[]> lists) {
            if (parameter) {
                return parameterObject;
            }
            return list == null ? constant : lists.get(list)[index];
        }
    }

    private record Rendering(String sql, List<ParameterMapping> mappings, Map<String, Source> bindings,
                             List<String> lists, List<ValueReader> readers) {

        BoundSql bind(Configuration configuration, Map<?, ?> named) {
            Map<String, Object[]> elements = new TreeMap<>();
            for (String list : lists) {
                elements.put(list, ((Collection<?>) named.get(list)).toArray());
            }
            Map<String, Object> bound = new LinkedHashMap<>();
            bindings.forEach((name, source) -> bound.put(name, source.valueIn(named, elements)));
            Object[] values = new Object[readers.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = readers.get(i).read(configuration, named, bound);
            }
            BoundValues boundSql = new BoundValues(configuration, sql, mappings, named, values);
            bound.forEach(boundSql::setAdditionalParameter);
            return boundSql;
        }

        /** @return null when some bound value cannot be found again in another call's parameters */
        static Rendering of(BoundSql rendered, Map<?, ?> named) {
            Map<Object, String> listNames = new IdentityHashMap<>();
            Map<String, Object[]> elements = new TreeMap<>();
            new TreeMap<>(stringKeys(named)).forEach((name, value) -> {
                if (value instanceof Collection<?> list && !listNames.containsKey(list)) {
                    listNames.put(list, name);
                    elements.put(name, list.toArray());
                }
            });
            Map<Object, Source> placeOf = new IdentityHashMap<>();
            Set<Object> ambiguous = Collections.newSetFromMap(new IdentityHashMap<>());
            elements.forEach((list, items) -> {
                for (int i = 0; i < items.length; i++) {
                    if (items[i] != null && placeOf.putIfAbsent(items[i], new Source(list, i, null, false)) != null) {
                        ambiguous.add(items[i]);   // the same object in two places: which one a rendering meant is unknown
                    }
                }
            });
            Map<String, Source> bindings = new LinkedHashMap<>();
            for (Map.Entry<String, Object> binding : rendered.getAdditionalParameters().entrySet()) {
                Source source = sourceOf(binding.getKey(), binding.getValue(), named, placeOf, ambiguous);
                if (source == null) {
                    return null;
                }
                bindings.put(binding.getKey(), source);
            }
            List<ParameterMapping> mappings = List.copyOf(rendered.getParameterMappings());
            List<ValueReader> readers = mappings.stream().map(mapping -> new ValueReader(mapping.getProperty())).toList();
            return new Rendering(rendered.getSql(), mappings, bindings, List.copyOf(elements.keySet()), readers);
        }

        private static Source sourceOf(String name, Object value, Map<?, ?> named, Map<Object, Source> placeOf,
                                       Set<Object> ambiguous) {
            if (value == named) {
                return new Source(null, 0, null, true);
            }
            if (DynamicContext.DATABASE_ID_KEY.equals(name)) {
                return new Source(null, 0, value, false);
            }
            return value == null || ambiguous.contains(value) ? null : placeOf.get(value);
        }
    }

    /**
     * The value of one placeholder, read as MyBatis's parameter handler reads it (a value the rendering bound,
     * else a named parameter, then a property path into it), with the getter of a one-step path looked up once
     * per class instead of through a new MetaObject for every value.
     */
    private static final class ValueReader {

        private final String head;
        private final String path;
        /** The getter of the path on the class last read, as one value: a reader serves every thread. */
        private volatile Getter last;

        ValueReader(String property) {
            int dot = property.indexOf('.');
            this.head = dot < 0 ? property : property.substring(0, dot);
            this.path = dot < 0 ? null : property.substring(dot + 1);
        }

        Object read(Configuration configuration, Map<?, ?> named, Map<String, Object> bound) {
            Object root = bound.containsKey(head) ? bound.get(head) : named.get(head);
            if (path == null || root == null) {
                return root;
            }
            if (path.indexOf('.') >= 0 || path.indexOf('[') >= 0 || root instanceof Map) {
                return configuration.newMetaObject(root).getValue(path);
            }
            try {
                return getterFor(configuration, root.getClass()).invoke(root, null);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read " + path + " of " + root.getClass().getName(), e);
            }
        }

        private Invoker getterFor(Configuration configuration, Class<?> type) {
            Getter getter = last;
            if (getter == null || getter.type() != type) {
                getter = new Getter(type, MetaClass.forClass(type, configuration.getReflectorFactory()).getGetInvoker(path));
                last = getter;
            }
            return getter.invoker();
        }

        private record Getter(Class<?> type, Invoker invoker) {
        }
    }

    /** A rendering's SQL with the value of every placeholder already read ({@link BoundValuesParameterHandler}). */
    static final class BoundValues extends BoundSql {

        private final Object[] values;

        BoundValues(Configuration configuration, String sql, List<ParameterMapping> mappings, Object parameter,
                    Object[] values) {
            super(configuration, sql, mappings, parameter);
            this.values = values;
        }

        Object valueAt(int index) {
            return values[index];
        }
    }
}
