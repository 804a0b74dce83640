package com.tudicloud.asynctask.mybatis;

import org.springframework.jdbc.datasource.DelegatingDataSource;

import javax.sql.DataSource;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CountDownLatch;

/**
 * A pool whose claims stall once they hold the claim row: the statement after the one that locks it first runs
 * {@link #whileHolding}, on the client (the thread blocks, as a process stopped by SIGSTOP does: the server sees an
 * idle connection inside a transaction) or on the server (a statement that keeps the connection busy).
 */
final class StallingDataSource extends DelegatingDataSource {

    interface Stall {
        void run(Connection connection) throws Exception;
    }

    private final Stall whileHolding;
    /** Counted down when a claim holding the row stalls. */
    final CountDownLatch stalled = new CountDownLatch(1);

    StallingDataSource(DataSource pool, Stall whileHolding) {
        super(pool);
        this.whileHolding = whileHolding;
    }

    /** Blocks the claim's thread until {@code thaw} is counted down. */
    static Stall frozenUntil(CountDownLatch thaw) {
        return connection -> thaw.await();
    }

    /** Keeps the claim's connection busy on the server for a while. */
    static Stall busyOnTheServerFor(int seconds) {
        return connection -> {
            try (Statement sleep = connection.createStatement()) {
                sleep.execute("SELECT SLEEP(" + seconds + ")");
            }
        };
    }

    @Override
    public Connection getConnection() throws SQLException {
        Connection connection = super.getConnection();
        boolean[] holdsClaimRow = {false};
        return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Connection.class},
                (self, method, args) -> {
                    if (method.getName().equals("prepareStatement")) {
                        String sql = (String) args[0];
                        if (holdsClaimRow[0]) {
                            holdsClaimRow[0] = false;
                            stalled.countDown();
                            whileHolding.run(connection);
                        }
                        holdsClaimRow[0] = sql.contains("UPDATE system_async_task_lock") && stalled.getCount() > 0;
                    }
                    try {
                        return method.invoke(connection, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
