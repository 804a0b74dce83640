package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.testing.SchemaScripts;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.springframework.jdbc.core.JdbcTemplate;

/** A database of its own on the test server, with the async-task schema and a one-connection pool, dropped after. */
final class ScratchTaskDatabase implements AutoCloseable {

    private final TestDatabase db = TestDatabase.get();
    private final String name;
    private final HikariDataSource pool;

    ScratchTaskDatabase(String name) {
        this.name = db.server().recreateScratchDatabase(name);
        this.pool = db.server().dataSource(this.name, 1);
        SchemaScripts.applyChangelog(pool);
    }

    HikariDataSource pool() {
        return pool;
    }

    /** Another pool of one connection on the same database, for the caller to close. */
    HikariDataSource anotherPool() {
        return db.server().dataSource(name, 1);
    }

    /** Analyses the task table and prints how long it took to fill since {@code startedNanos}, by status. */
    void filled(String what, long startedNanos) {
        JdbcTemplate jdbc = new JdbcTemplate(pool);
        jdbc.queryForList("ANALYZE TABLE system_async_task");
        System.out.printf("%s filled in %.1f s: %s%n", what, (System.nanoTime() - startedNanos) / 1e9,
                jdbc.queryForList("SELECT status, COUNT(*) AS n FROM system_async_task GROUP BY status ORDER BY status"));
    }

    @Override
    public void close() {
        pool.close();
        db.execute("DROP DATABASE IF EXISTS " + name);
    }
}
