package com.tudicloud.asynctask.mybatis;

import org.apache.ibatis.session.SqlSessionFactoryBuilder;
import org.mybatis.spring.SqlSessionTemplate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;

import javax.sql.DataSource;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The stores' mappers, built once the database has answered. Which statements a mapper holds depends
 * on the database's product name (the mysql-only index hints, the H2 variants), and MyBatis picks them
 * once, when it parses the mapper files; so nothing is parsed until the product name is known. The
 * stores try at once ({@link #buildIfReachable}); if the database cannot be reached then, every call asks
 * it again and, while it cannot be reached, fails as the statement itself would have, so a worker that
 * starts while its database is down gets the right statements once the database is back.
 */
final class DeferredMappers {

    private static final List<Class<?>> MAPPERS = List.of(
            SystemAsyncTaskMapper.class, SystemAsyncTaskWorkerMapper.class, SystemAsyncTaskLockMapper.class,
            SystemAsyncTaskTypeMapper.class, SystemAsyncTaskEventMapper.class, SystemAsyncTaskScheduleMapper.class,
            SystemAsyncTaskAuditMapper.class, SystemAsyncTaskBatchMapper.class, SystemAsyncTaskStartMapper.class,
            SystemAsyncTaskDependencyMapper.class);

    private static final Logger log = LoggerFactory.getLogger(DeferredMappers.class);

    private final DataSource dataSource;
    private final Function<DataSource, String> databaseId;
    private volatile Built built;

    private record Built(String databaseId, Map<Class<?>, Object> mappers) {
    }

    DeferredMappers(DataSource dataSource, Function<DataSource, String> databaseId) {
        this.dataSource = dataSource;
        this.databaseId = databaseId;
    }

    /** A mapper whose calls go to the real one, built on the first call that reaches the database. */
    <T> T mapper(Class<T> type) {
        if (!MAPPERS.contains(type)) {
            throw new IllegalArgumentException("not a mapper of the stores: " + type.getName());
        }
        InvocationHandler forward = (proxy, method, args) -> {
            try {
                return method.invoke(built().mappers().get(type), args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[]{type}, forward));
    }

    /** Builds the mappers now if the database answers; otherwise the first call that reaches it will. */
    void buildIfReachable() {
        try {
            built();
        } catch (DataAccessException e) {
            log.warn("Could not ask the database for its product name; the statements will be chosen when it "
                    + "first answers: {}", e.getMessage());
        }
    }

    /** The databaseId the statements were chosen for; null while the database has not answered yet. */
    String knownDatabaseId() {
        Built current = built;
        return current == null ? null : current.databaseId();
    }

    private Built built() {
        Built current = built;
        if (current == null) {
            synchronized (this) {
                current = built;
                if (current == null) {
                    current = build();
                    built = current;
                }
            }
        }
        return current;
    }

    private Built build() {
        String id = databaseId.apply(dataSource);
        SqlSessionTemplate session = new SqlSessionTemplate(
                new SqlSessionFactoryBuilder().build(MyBatisStores.configuration(dataSource, id)));
        Map<Class<?>, Object> mappers = new HashMap<>();
        MAPPERS.forEach(type -> mappers.put(type, session.getMapper(type)));
        return new Built(id, Map.copyOf(mappers));
    }
}
