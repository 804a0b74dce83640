package com.tudicloud.asynctask.benchmark.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Connection pools with the settings docs/configuration.md recommends: READ COMMITTED as the pool's
 * isolation and the JDBC URL's options of {@link DbCoordinates}, so that the driver neither asks for nor
 * resets session state around each transaction nor parses a statement's text again. Every pool opens all
 * its connections before it is used.
 */
public final class Pools {

    private Pools() {
    }

    public static HikariDataSource open(DbCoordinates db, String name, int size) {
        return open(db, db.jdbcUrl(), name, size);
    }

    /** A pool whose statements and commits {@link StatementCounter} counts while counting is on. */
    public static HikariDataSource openCounted(DbCoordinates db, String name, int size) {
        return open(db, db.jdbcUrl() + "&queryInterceptors=" + StatementCounter.class.getName(), name, size);
    }

    private static HikariDataSource open(DbCoordinates db, String jdbcUrl, String name, int size) {
        HikariConfig config = new HikariConfig();
        config.setPoolName(name);
        config.setJdbcUrl(jdbcUrl);
        config.setUsername(db.user());
        config.setPassword(db.password());
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(size);
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        HikariDataSource pool = new HikariDataSource(config);
        warm(pool, size);
        return pool;
    }

    private static void warm(HikariDataSource pool, int size) {
        List<Connection> connections = new ArrayList<>();
        try {
            for (int i = 0; i < size; i++) {
                connections.add(pool.getConnection());
            }
            for (Connection connection : connections) {
                connection.close();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not open pool " + pool.getPoolName(), e);
        }
    }
}
