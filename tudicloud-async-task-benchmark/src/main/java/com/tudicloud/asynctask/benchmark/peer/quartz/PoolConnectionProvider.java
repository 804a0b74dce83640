package com.tudicloud.asynctask.benchmark.peer.quartz;

import org.quartz.utils.ConnectionProvider;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Hands Quartz's job store the connections of the peer JVM's own pool (as Spring's Quartz support does
 * with a service's DataSource), so that the pool's settings and statement count apply to Quartz too.
 * The pool's owner closes it.
 */
final class PoolConnectionProvider implements ConnectionProvider {

    private final DataSource pool;

    PoolConnectionProvider(DataSource pool) {
        this.pool = pool;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return pool.getConnection();
    }

    @Override
    public void shutdown() {
    }

    @Override
    public void initialize() {
    }
}
