package com.tudicloud.asynctask.testing;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * A session that inserts many task rows in one transaction and keeps it open, as a service's bulk submit, a
 * data migration or an operator's SQL fix-up would, until it is closed (rolled back). Its rows are made by
 * the server (INSERT ... SELECT over a cross join of a digits table), a million in well under a minute.
 */
public final class LargeOpenTransaction implements AutoCloseable {

    /**
     * {@code count} rows of status {@code status}, spread over {@code types} task types named
     * {@code typePrefix} + a number (just {@code typePrefix} for one type), available {@code dueInSeconds}
     * from now (finished now if terminal).
     */
    public record Rows(int count, String typePrefix, int types, String status, int dueInSeconds) {
    }

    private static final int MAX_DIGITS = 7;

    private final Connection connection;
    private final long rows;

    private LargeOpenTransaction(Connection connection, long rows) {
        this.connection = connection;
        this.rows = rows;
    }

    public static LargeOpenTransaction insert(DataSource dataSource, List<Rows> shapes) {
        try {
            Connection connection = dataSource.getConnection();
            try (Statement statement = connection.createStatement()) {
                statement.execute("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED");
                connection.setAutoCommit(false);
                statement.execute("CREATE TEMPORARY TABLE digits (d INT NOT NULL PRIMARY KEY)");
                statement.execute("INSERT INTO digits VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)");
                long inserted = 0;
                for (Rows shape : shapes) {
                    inserted += insert(connection, shape);
                }
                return new LargeOpenTransaction(connection, inserted);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not open the large transaction", e);
        }
    }

    private static long insert(Connection connection, Rows shape) throws SQLException {
        StringBuilder numbers = new StringBuilder("d0.d");
        StringBuilder from = new StringBuilder("digits d0");
        for (int i = 1; i < MAX_DIGITS; i++) {
            numbers.append(" + ").append((long) Math.pow(10, i)).append(" * d").append(i).append(".d");
            from.append(" CROSS JOIN digits d").append(i);
        }
        boolean terminal = List.of("SUCCESS", "FAILED", "CANCELLED").contains(shape.status());
        String sql = """
                INSERT INTO system_async_task
                    (task_type, status, priority, payload, available_at, attempt_count, max_attempts, lease_token,
                     create_time, update_time, finished_at)
                SELECT IF(? = 1, ?, CONCAT(?, MOD(n, ?))), ?, 0, '{"bulk":true}', TIMESTAMPADD(SECOND, ?, NOW(3)), ?, 3, ?, NOW(3), NOW(3),
                       %s
                FROM (SELECT %s AS n FROM %s) numbers
                WHERE n < ?
                """.formatted(terminal ? "NOW(3)" : "NULL", numbers, from);
        try (PreparedStatement insert = connection.prepareStatement(sql)) {
            int i = 0;
            insert.setInt(++i, shape.types());
            insert.setString(++i, shape.typePrefix());
            insert.setString(++i, shape.typePrefix());
            insert.setInt(++i, shape.types());
            insert.setString(++i, shape.status());
            insert.setInt(++i, shape.dueInSeconds());
            insert.setInt(++i, terminal ? 1 : 0);
            insert.setInt(++i, terminal ? 1 : 0);
            insert.setInt(++i, shape.count());
            return insert.executeUpdate();
        }
    }

    public long rows() {
        return rows;
    }

    /** The rows this transaction holds locks on, as InnoDB counts them (an uncommitted insert's own lock is implicit: 0). */
    public long rowLocks() {
        try (Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(
                     "SELECT trx_rows_locked FROM information_schema.INNODB_TRX WHERE trx_mysql_thread_id = CONNECTION_ID()")) {
            if (!result.next()) {
                throw new IllegalStateException("the large transaction is not open any more");
            }
            return result.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException("could not read the large transaction's locks", e);
        }
    }

    /** Rolls the transaction back: its rows never existed for anyone else. */
    @Override
    public void close() {
        try (connection) {
            connection.rollback();
        } catch (SQLException e) {
            throw new IllegalStateException("could not roll the large transaction back", e);
        }
    }
}
