package com.tudicloud.asynctask.admin.faults;

import com.tudicloud.asynctask.testing.DatabaseServer;
import com.tudicloud.asynctask.testing.SchemaScripts;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.List;

/**
 * The scratch database of a fault suite: the admin schema and the table of recorded executions, created afresh,
 * and the waits the suites make on it.
 */
final class FaultDatabase implements AutoCloseable {

    private final DatabaseServer server;
    private final String name;
    private final HikariDataSource dataSource;
    private final JdbcTemplate jdbc;

    private FaultDatabase(DatabaseServer server, String name, HikariDataSource dataSource) {
        this.server = server;
        this.name = name;
        this.dataSource = dataSource;
        this.jdbc = new JdbcTemplate(dataSource);
    }

    /** Drops and creates the suite's database, named after {@code purpose}, with the admin schema. */
    static FaultDatabase recreate(String purpose) {
        DatabaseServer server = TestDatabase.get().server();
        String name = server.recreateScratchDatabase(purpose);
        FaultDatabase db = new FaultDatabase(server, name, server.dataSource(name, 4));
        SchemaScripts.applyChangelog(db.dataSource, "db/admin/changelog-master.xml");
        db.jdbc.execute(ExecutionRecording.createTable());
        return db;
    }

    DatabaseServer server() {
        return server;
    }

    String name() {
        return name;
    }

    String url() {
        return server.jdbcUrl(name);
    }

    HikariDataSource dataSource() {
        return dataSource;
    }

    JdbcTemplate jdbc() {
        return jdbc;
    }

    long count(String query, Object... args) {
        return jdbc.queryForObject(query, Long.class, args);
    }

    /** Waits until no task is left to end. */
    void awaitTasksEnded(Duration timeout) throws InterruptedException {
        awaitNone("SELECT COUNT(*) FROM system_async_task WHERE status NOT IN ('SUCCESS', 'FAILED', 'CANCELLED')",
                "tasks", timeout);
    }

    /** Waits until {@code countQuery} counts nothing. */
    void awaitNone(String countQuery, String what, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long open = -1;
        while (System.nanoTime() < deadline) {
            open = count(countQuery);
            if (open == 0) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError(open + " " + what + " did not end within " + timeout);
    }

    /** Waits until the worker holds tasks, so that its kill or freeze leaves some to recover. */
    void awaitHolding(WorkerNode node, Duration timeout) throws InterruptedException {
        awaitAnyHolding(List.of(node), timeout);
    }

    /** Waits until one of the workers holds tasks, looking at them in the order given; that worker. */
    WorkerNode awaitAnyHolding(List<WorkerNode> candidates, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            for (WorkerNode node : candidates) {
                if (count("SELECT COUNT(*) FROM system_async_task WHERE status = 'RUNNING' AND lease_owner = ?",
                        node.id()) > 0) {
                    return node;
                }
            }
            Thread.sleep(5);
        }
        throw new AssertionError("none of " + candidates.stream().map(WorkerNode::id).toList() + " held a task within "
                + timeout);
    }

    @Override
    public void close() {
        dataSource.close();
    }
}
