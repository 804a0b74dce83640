package com.tudicloud.asynctask.benchmark.db;

import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The driver's statement and commit counts that the benchmark reports per task, against a real
 * server: every kind of transaction a store or db-scheduler makes, counted as the server counts the
 * statements, and a commit counted only where a transaction wrote.
 */
class StatementCounterTest {

    private static HikariDataSource pool;

    @BeforeAll
    static void pool() throws SQLException {
        pool = TestDatabase.get().newDataSource(1, "useLocalSessionState=true&queryInterceptors="
                + StatementCounter.class.getName());
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS statement_counter_probe (id INT PRIMARY KEY, n INT NOT NULL)");
            statement.execute("REPLACE INTO statement_counter_probe VALUES (1, 0)");
        }
    }

    @AfterAll
    static void close() throws SQLException {
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE statement_counter_probe");
        }
        pool.close();
    }

    @Test
    void countsStatementsAsTheServerDoesAndCommitsOnlyWhereATransactionWrote() throws SQLException {
        SessionStatements server = new SessionStatements(pool);
        Map<Long, Long> before = server.read();
        StatementCounter.start();
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            // autocommitted write: 1 statement, 1 commit
            statement.executeUpdate("UPDATE statement_counter_probe SET n = n + 1 WHERE id = 1");
            // a transaction with two writes: SET, 2 x UPDATE, COMMIT, SET; 1 commit
            connection.setAutoCommit(false);
            statement.executeUpdate("UPDATE statement_counter_probe SET n = n + 1 WHERE id = 1");
            statement.executeUpdate("  /* a comment first */ update statement_counter_probe SET n = n + 1 WHERE id = 1");
            connection.commit();
            connection.setAutoCommit(true);
            // a transaction that only read: SET, SELECT, COMMIT, SET; no commit that wrote
            connection.setAutoCommit(false);
            statement.executeQuery("SELECT n FROM statement_counter_probe WHERE id = 1").close();
            connection.commit();
            connection.setAutoCommit(true);
            // a write rolled back: SET, UPDATE, ROLLBACK, SET; no commit
            connection.setAutoCommit(false);
            statement.executeUpdate("UPDATE statement_counter_probe SET n = n + 1 WHERE id = 1");
            connection.rollback();
            connection.setAutoCommit(true);
            // a write committed by switching autocommit back on: SET, UPDATE, SET; 1 commit
            connection.setAutoCommit(false);
            statement.executeUpdate("UPDATE statement_counter_probe SET n = n + 1 WHERE id = 1");
            connection.setAutoCommit(true);
        } finally {
            StatementCounter.stop();
        }
        StatementCounts counts = StatementCounter.counts();
        long serverStatements = SessionStatements.between(before, server.read());

        assertThat(counts).isEqualTo(new StatementCounts(17, 1, 5, 2, 3, 1, 8));
        assertThat(serverStatements).isEqualTo(counts.statements());
    }

    @Test
    void nothingIsCountedWhileCountingIsOff() throws SQLException {
        StatementCounter.start();
        StatementCounter.stop();
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            statement.executeUpdate("UPDATE statement_counter_probe SET n = n + 1 WHERE id = 1");
        }
        assertThat(StatementCounter.counts()).isEqualTo(new StatementCounts(0, 0, 0, 0, 0, 0, 0));
    }

    @Test
    void firstWordSkipsBlanksCommentsAndParentheses() {
        assertThat(StatementCounter.firstWord("\n   SELECT 1")).isEqualTo("select");
        assertThat(StatementCounter.firstWord("/* hint */ Update t SET a = 1")).isEqualTo("update");
        assertThat(StatementCounter.firstWord("(SELECT 1) UNION (SELECT 2)")).isEqualTo("select");
        assertThat(StatementCounter.firstWord("commit")).isEqualTo("commit");
        assertThat(StatementCounter.firstWord("")).isEmpty();
        assertThat(StatementCounter.firstWord("/* never closed")).isEmpty();
    }
}
