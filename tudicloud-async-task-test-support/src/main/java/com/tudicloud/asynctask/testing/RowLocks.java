package com.tudicloud.asynctask.testing;

import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.function.BooleanSupplier;

import static org.awaitility.Awaitility.await;

/**
 * A second database session that holds row locks in an open transaction, as another worker's or a
 * business transaction would, until it is released; and a look at whether some session waits for a lock.
 */
public final class RowLocks implements AutoCloseable {

    private final Connection connection;

    private RowLocks(Connection connection) {
        this.connection = connection;
    }

    /** Opens a transaction that locks these task rows (SELECT ... FOR UPDATE) and keeps them locked. */
    public static RowLocks holdTaskRows(DataSource dataSource, long... taskIds) {
        try {
            Connection connection = dataSource.getConnection();
            connection.setAutoCommit(false);
            try (Statement statement = connection.createStatement()) {
                for (long id : taskIds) {
                    statement.executeQuery("SELECT id FROM system_async_task WHERE id = " + id + " FOR UPDATE").close();
                }
            }
            return new RowLocks(connection);
        } catch (SQLException e) {
            throw new IllegalStateException("could not lock tasks", e);
        }
    }

    /** Ends the transaction: the rows are free again. Closing twice does nothing more. */
    @Override
    public void close() {
        try (connection) {
            if (!connection.isClosed()) {
                connection.rollback();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not release the locks", e);
        }
    }

    /** Waits until as many sessions as given wait for a row lock (InnoDB's own view). */
    public static void awaitLockWaits(DataSource dataSource, int sessions) {
        awaitLockWaitsOr(dataSource, sessions, () -> false);
    }

    /** Waits until as many sessions as given wait for a row lock, or {@code done} says the work ended without. */
    public static void awaitLockWaitsOr(DataSource dataSource, int sessions, BooleanSupplier done) {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        // InnoDB serves these tables from a cache it refreshes at most every 100 ms, and not while it is read more often
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(150)).until(() -> done.getAsBoolean()
                || jdbc.queryForObject("SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT'",
                Long.class) >= sessions);
    }
}
