package com.tudicloud.asynctask.benchmark.db;

import com.zaxxer.hikari.HikariDataSource;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Statements as the server counts them: the session's {@code Questions}, which counts every statement
 * a client sends, transaction control included. Read on a pool of one connection, the difference of
 * two readings is what the pool's user sent in between (the second reading counts itself: minus 1),
 * as RoundTripBudgetTest in tudicloud-async-task-mybatis counts them.
 */
public final class SessionStatements {

    private final JdbcTemplate jdbc;

    public SessionStatements(HikariDataSource oneConnectionPool) {
        if (oneConnectionPool.getMaximumPoolSize() != 1) {
            throw new IllegalArgumentException("session counters need a pool of exactly one connection");
        }
        this.jdbc = new JdbcTemplate(oneConnectionPool);
    }

    public long read() {
        return Long.parseLong(jdbc.queryForObject("SHOW SESSION STATUS LIKE 'Questions'", (rs, n) -> rs.getString(2)));
    }

    /** Statements sent between two readings, the later reading not counted. */
    public static long between(long earlier, long later) {
        return later - earlier - 1;
    }
}
