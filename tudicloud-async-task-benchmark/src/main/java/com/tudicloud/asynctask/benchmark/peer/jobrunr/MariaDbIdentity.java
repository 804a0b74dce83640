package com.tudicloud.asynctask.benchmark.peer.jobrunr;

import org.springframework.jdbc.datasource.DelegatingDataSource;

import javax.sql.DataSource;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;

/**
 * The pool as JobRunr's MariaDB storage provider should see it while it picks its SQL dialect. The
 * provider asks the connection's metadata for the product name and version and claims jobs with
 * {@code SELECT ... FOR UPDATE SKIP LOCKED} only for "MariaDB" 10.6 or later. MySQL Connector/J calls
 * every server "MySQL" and reports MariaDB's version with the {@value #COMPAT_PREFIX} prefix MariaDB
 * sends older clients, so the provider would take this server for one without SKIP LOCKED and claim
 * with a plain SELECT and optimistic updates alone. While identifying, connections report the server's
 * name and version without that prefix; once the provider is built ({@link #done}), the pool's
 * connections are handed out as they are.
 */
final class MariaDbIdentity extends DelegatingDataSource {

    private static final String COMPAT_PREFIX = "5.5.5-";

    private volatile boolean identifying = true;

    MariaDbIdentity(DataSource pool) {
        super(pool);
    }

    /** From now on: the pool's own connections, untouched. */
    void done() {
        identifying = false;
    }

    @Override
    public Connection getConnection() throws SQLException {
        Connection connection = obtainTargetDataSource().getConnection();
        return identifying ? identified(connection) : connection;
    }

    private static Connection identified(Connection connection) throws SQLException {
        DatabaseMetaData metaData = connection.getMetaData();
        String reported = metaData.getDatabaseProductVersion();
        String version = reported.startsWith(COMPAT_PREFIX) ? reported.substring(COMPAT_PREFIX.length()) : reported;
        String product = version.contains("MariaDB") ? "MariaDB" : metaData.getDatabaseProductName();
        DatabaseMetaData named = proxy(DatabaseMetaData.class, (method, args) -> switch (method.getName()) {
            case "getDatabaseProductName" -> product;
            case "getDatabaseProductVersion" -> version;
            default -> method.invoke(metaData, args);
        });
        return proxy(Connection.class, (method, args) ->
                method.getName().equals("getMetaData") ? named : method.invoke(connection, args));
    }

    private interface Call {
        Object invoke(Method method, Object[] args) throws Exception;
    }

    private static <T> T proxy(Class<T> type, Call call) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (self, method, args) -> {
            try {
                return call.invoke(method, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }));
    }
}
