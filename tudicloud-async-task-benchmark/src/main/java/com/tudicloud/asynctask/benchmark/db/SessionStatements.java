package com.tudicloud.asynctask.benchmark.db;

import com.zaxxer.hikari.HikariDataSource;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Statements as the server counts them: the per-session {@code Questions} of every connection of a
 * pool, which counts every statement a client sends, transaction control included, and nothing any
 * other session sends (the runner's checks, other clients of the server). A reading borrows all the
 * pool's connections at once, so it waits for the pool's user to give them back; the difference of
 * two readings is what the pool's user sent in between (each later reading counts itself: minus 1
 * per connection), as RoundTripBudgetTest in tudicloud-async-task-mybatis counts them.
 */
public final class SessionStatements {

    private static final String QUESTIONS = "SELECT CONNECTION_ID(), VARIABLE_VALUE FROM information_schema.SESSION_STATUS "
            + "WHERE VARIABLE_NAME = 'QUESTIONS'";

    private final HikariDataSource pool;

    public SessionStatements(HikariDataSource pool) {
        this.pool = pool;
    }

    /** Each connection's statement count so far, by connection id. */
    public Map<Long, Long> read() {
        List<Connection> connections = new ArrayList<>();
        try {
            Map<Long, Long> questions = new HashMap<>();
            for (int i = 0; i < pool.getMaximumPoolSize(); i++) {
                Connection connection = pool.getConnection();
                connections.add(connection);
                try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery(QUESTIONS)) {
                    row.next();
                    questions.put(row.getLong(1), row.getLong(2));
                }
            }
            return questions;
        } catch (SQLException e) {
            throw new IllegalStateException("could not read the session counters of pool " + pool.getPoolName(), e);
        } finally {
            connections.forEach(SessionStatements::closeQuietly);
        }
    }

    /**
     * Statements sent between two readings, the later reading not counted; -1 if the pool replaced a
     * connection in between (its statements are not known).
     */
    public static long between(Map<Long, Long> earlier, Map<Long, Long> later) {
        if (!earlier.keySet().equals(later.keySet())) {
            return -1;
        }
        return earlier.entrySet().stream().mapToLong(e -> later.get(e.getKey()) - e.getValue() - 1).sum();
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            // given back to the pool as broken: the next reading sees a new connection id and says so
        }
    }
}
