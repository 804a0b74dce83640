package com.tudicloud.asynctask.mybatis;

import org.springframework.jdbc.datasource.DelegatingDataSource;

import javax.sql.DataSource;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;

/**
 * Hands out connections that hold a database-wide named lock from when they are opened until they are
 * closed, on MySQL and MariaDB ({@code GET_LOCK}, released with the connection, or by the server if the
 * process dies). Given to the schema migration (Liquibase), it makes replicas that start together on an
 * empty database apply the schema one after another: Liquibase's own lock lives in a table that the first
 * of them is still creating, so without this two of them race to create it. On other databases the
 * connection is returned as it is (an embedded H2 file is opened by one process only).
 *
 * <p>Two statements of a session-level lock, outside any mapper: they run on the migration's own
 * connection, before any table exists.
 */
public final class SchemaLockingDataSource extends DelegatingDataSource {

    /** The lock's name, the same for every node; MySQL allows 64 characters. */
    static final String LOCK_NAME = "tudicloud_async_task_schema";
    private static final String GET_LOCK = "SELECT GET_LOCK(?, ?)";
    private static final String RELEASE_LOCK = "SELECT RELEASE_LOCK(?)";

    private final Duration timeout;

    /** @param timeout how long a node waits while another one migrates the schema */
    public SchemaLockingDataSource(DataSource target, Duration timeout) {
        super(target);
        this.timeout = timeout;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return locked(super.getConnection());
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return locked(super.getConnection(username, password));
    }

    /**
     * Closes the target when it can be closed: Spring Boot closes a DataSource of Liquibase's own (one made from
     * {@code spring.liquibase.url}) after the migration by calling its {@code close()}, which it finds on this one.
     */
    public void close() throws Exception {
        if (obtainTargetDataSource() instanceof AutoCloseable closeable) {
            closeable.close();
        }
    }

    private Connection locked(Connection connection) throws SQLException {
        String product = connection.getMetaData().getDatabaseProductName();
        if (!product.contains("MySQL") && !product.contains("MariaDB")) {
            return connection;
        }
        try {
            acquire(connection);
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("close") && method.getParameterCount() == 0) {
                        try (connection) {
                            release(connection);
                        }
                        return null;
                    }
                    try {
                        return method.invoke(connection, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private void acquire(Connection connection) throws SQLException {
        try (PreparedStatement lock = connection.prepareStatement(GET_LOCK)) {
            lock.setString(1, LOCK_NAME);
            lock.setLong(2, timeout.toSeconds());
            try (ResultSet result = lock.executeQuery()) {
                if (!result.next() || result.getInt(1) != 1) {
                    throw new SQLException("Another node has held the schema lock '" + LOCK_NAME + "' for " + timeout
                            + " while migrating the schema; not migrating at the same time");
                }
            }
        }
    }

    private static void release(Connection connection) throws SQLException {
        if (connection.isClosed()) {
            return;   // the server released the lock with the session
        }
        try (PreparedStatement unlock = connection.prepareStatement(RELEASE_LOCK)) {
            unlock.setString(1, LOCK_NAME);
            unlock.executeQuery().close();
        }
    }
}
