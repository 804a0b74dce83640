package com.tudicloud.asynctask.benchmark.db;

import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;

/** What the scenarios read from and write to system_async_task directly: checks, timings, bulk rows. */
public final class TaskTable {

    private final JdbcTemplate jdbc;

    TaskTable(DataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
    }

    void execute(String sql) {
        jdbc.execute(sql);
    }

    /**
     * TRUNCATE, which is fast on any size, is refused for a table another one references by a foreign key:
     * so the events' key is left unchecked for the tasks' TRUNCATE, on the one connection that runs it. The start
     * log goes too: its rows name tasks that are gone, and would count in the next run's first window.
     */
    void emptyTasksBatchesEventsAndStarts() {
        jdbc.execute((ConnectionCallback<Void>) connection -> {
            try (Statement statement = connection.createStatement()) {
                statement.execute("TRUNCATE TABLE system_async_task_event");
                statement.execute("TRUNCATE TABLE system_async_task_start");
                statement.execute("TRUNCATE TABLE system_async_task_dependency");
                statement.execute("TRUNCATE TABLE system_async_task_batch");
                statement.execute("SET FOREIGN_KEY_CHECKS = 0");
                try {
                    statement.execute("TRUNCATE TABLE system_async_task");
                } finally {
                    statement.execute("SET FOREIGN_KEY_CHECKS = 1");
                }
            }
            return null;
        });
    }

    public long countEvents(String taskType) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task_event e JOIN system_async_task t "
                + "ON t.id = e.task_id WHERE t.task_type = ?", Long.class, taskType);
    }

    /** Rows that carry their submit's trace context. */
    public long countTraced(String taskType) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE task_type = ? AND trace_parent IS NOT NULL",
                Long.class, taskType);
    }

    /** The most tasks of one key RUNNING at this moment: one range of the keyed claim index, read from it alone. */
    public int mostRunningOfOneKey(String taskType) {
        return jdbc.queryForObject("SELECT COALESCE(MAX(n), 0) FROM (SELECT COUNT(*) AS n FROM system_async_task "
                + "WHERE status = 'RUNNING' AND task_type = ? GROUP BY task_key) per_key", Integer.class, taskType);
    }

    /**
     * Drops a type's per-key cap from the fleet's settings: workers publish a cap they have and keep one they do not
     * know, so a drain without the cap after one with it needs this.
     */
    public void clearKeyCap(String taskType) {
        jdbc.update("UPDATE system_async_task_type SET max_running_per_key = NULL WHERE task_type = ?", taskType);
    }

    /**
     * Drops a type's rate limit from the fleet's settings: workers publish a limit they have and keep one they do not
     * know, so a drain without the limit after one with it needs this.
     */
    public void clearRateLimit(String taskType) {
        jdbc.update("UPDATE system_async_task_type SET rate_limit = NULL, rate_period_ms = NULL WHERE task_type = ?",
                taskType);
    }

    /**
     * Drops a type's fair claims from the fleet's settings: workers publish being fair and keep it when they do not
     * declare it, so a drain at the default claims after a fair one needs this.
     */
    public void clearFair(String taskType) {
        jdbc.update("UPDATE system_async_task_type SET fair_claims = NULL WHERE task_type = ?", taskType);
    }

    /** When each task of a type started, in epoch milliseconds by the database's clock, earliest first. */
    public List<Long> startMillis(String taskType) {
        return jdbc.queryForList("SELECT ROUND(UNIX_TIMESTAMP(started_at) * 1000) FROM system_async_task "
                + "WHERE task_type = ? AND started_at IS NOT NULL ORDER BY started_at", Long.class, taskType);
    }

    /**
     * The starts of a type the claims recorded in system_async_task_start and have not pruned yet (about the last
     * window's), in epoch milliseconds, earliest first.
     */
    public List<Long> loggedStartMillis(String taskType) {
        return jdbc.queryForList("SELECT ROUND(UNIX_TIMESTAMP(started_at) * 1000) FROM system_async_task_start "
                + "WHERE task_type = ? ORDER BY started_at", Long.class, taskType);
    }

    /** The database's clock now, in epoch milliseconds. */
    public long nowMillis() {
        return jdbc.queryForObject("SELECT ROUND(UNIX_TIMESTAMP(NOW(3)) * 1000)", Long.class);
    }

    /** Tasks of a type still QUEUED as they were submitted: never started, no attempt spent. */
    public long countNeverStarted(String taskType) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE task_type = ? AND status = 'QUEUED' "
                + "AND attempt_count = 0 AND started_at IS NULL", Long.class, taskType);
    }

    /** Each finished task of a type with a key: its key and when it started and finished, by the database's clock. */
    public List<KeyedRun> keyedRuns(String taskType) {
        return jdbc.query("SELECT task_key, ROUND(UNIX_TIMESTAMP(started_at) * 1000), ROUND(UNIX_TIMESTAMP(finished_at) * 1000) "
                        + "FROM system_async_task WHERE task_type = ? AND task_key IS NOT NULL AND finished_at IS NOT NULL",
                (row, n) -> new KeyedRun(row.getString(1), row.getLong(2), row.getLong(3)), taskType);
    }

    /** One task's run: its key, its start and its finish in epoch milliseconds. */
    public record KeyedRun(String key, long startedMillis, long finishedMillis) {
    }

    public long count(String taskType) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE task_type = ?", Long.class, taskType);
    }

    public long countSucceeded(String taskType) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE task_type = ? AND status = 'SUCCESS'",
                Long.class, taskType);
    }

    /** Tasks that succeeded after exactly one claim: one attempt, one fencing token. */
    public long countSucceededOnFirstClaim(String taskType) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task "
                + "WHERE task_type = ? AND status = 'SUCCESS' AND attempt_count = 1 AND lease_token = 1", Long.class, taskType);
    }

    /**
     * Waits until no task of a type is left unfinished, then tells whether at least {@code expected} of
     * them are SUCCESS; false also if the time ran out first. The poll reads one row of the claim or
     * lease index: a COUNT over every row of the type, every 10 ms, took a third of the server's time
     * while it drained.
     */
    public boolean awaitSucceeded(String taskType, long expected, Duration timeout, Duration pollEvery)
            throws InterruptedException {
        return awaitFinished(taskType, null, timeout, pollEvery) && countSucceeded(taskType) >= expected;
    }

    /**
     * Waits until no task of a type and key ({@code null}: of any key) is left unfinished; false if the time ran
     * out first. A key's poll reads one row of the keyed claim index or of the lease index.
     */
    public boolean awaitFinished(String taskType, String key, Duration timeout, Duration pollEvery)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (key == null ? hasUnfinished(taskType) : hasUnfinished(taskType, key)) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(pollEvery.toMillis());
        }
        return true;
    }

    boolean hasUnfinished(String taskType) {
        return jdbc.queryForObject("SELECT EXISTS (SELECT 1 FROM system_async_task "
                + "WHERE status IN ('WAITING', 'QUEUED', 'RUNNING', 'CANCEL_REQUESTED') AND task_type = ?)",
                Boolean.class, taskType);
    }

    private boolean hasUnfinished(String taskType, String key) {
        return jdbc.queryForObject("SELECT EXISTS (SELECT 1 FROM system_async_task "
                + "WHERE status IN ('QUEUED', 'RUNNING', 'CANCEL_REQUESTED') AND task_type = ? AND task_key = ?)",
                Boolean.class, taskType, key);
    }

    /** Seconds, by the database's clock, from the first claim to the last completion of the tasks of a type. */
    public double secondsFromFirstClaimToLastFinish(String taskType) {
        return jdbc.queryForObject("SELECT TIMESTAMPDIFF(MICROSECOND, MIN(started_at), MAX(finished_at)) / 1e6 "
                + "FROM system_async_task WHERE task_type = ?", Double.class, taskType);
    }

    /**
     * Per dependency of a task of a type: the task's start minus the dependency's finish, in ms, by the database's
     * clock (DATETIME(3): whole milliseconds); null where either has not happened.
     */
    public List<Double> dependencyGapMillis(String taskType) {
        return jdbc.queryForList("SELECT "
                + "TIMESTAMPDIFF(MICROSECOND, dependency.finished_at, dependent.started_at) / 1e3 "
                + "FROM system_async_task_dependency d "
                + "JOIN system_async_task dependency ON dependency.id = d.depends_on_id "
                + "JOIN system_async_task dependent ON dependent.id = d.task_id WHERE dependent.task_type = ?",
                Double.class, taskType);
    }

    /** As {@link #secondsFromFirstClaimToLastFinish(String)}, over the tasks of one key of the type ({@code null}: all). */
    public double secondsFromFirstClaimToLastFinish(String taskType, String key) {
        return key == null ? secondsFromFirstClaimToLastFinish(taskType)
                : jdbc.queryForObject("SELECT TIMESTAMPDIFF(MICROSECOND, MIN(started_at), MAX(finished_at)) / 1e6 "
                        + "FROM system_async_task WHERE task_type = ? AND task_key = ?", Double.class, taskType, key);
    }

    /** Per task of a type: claimed minus due (started_at - available_at), in ms, by the database's clock. */
    public List<Double> pickupMillis(String taskType) {
        return jdbc.queryForList("SELECT TIMESTAMPDIFF(MICROSECOND, available_at, started_at) / 1e3 "
                + "FROM system_async_task WHERE task_type = ? AND started_at IS NOT NULL", Double.class, taskType);
    }

    /**
     * Per task of a type with another key than {@code key} that was due before the last task of {@code key} was
     * claimed (so it waited beside that key's backlog): claimed minus due, in ms, by the database's clock.
     */
    public List<Double> pickupMillisBeside(String taskType, String key) {
        return jdbc.queryForList("SELECT TIMESTAMPDIFF(MICROSECOND, available_at, started_at) / 1e3 "
                + "FROM system_async_task WHERE task_type = ? AND task_key <> ? AND started_at IS NOT NULL "
                + "AND available_at <= (SELECT MAX(started_at) FROM system_async_task WHERE task_type = ? AND task_key = ?)",
                Double.class, taskType, key, taskType, key);
    }

    /** The server's plan for the claim's walk of one type's QUEUED tasks (as SystemAsyncTaskMapper.xml has it). */
    public String explainClaim(String taskType, int limit) {
        return jdbc.queryForObject("EXPLAIN SELECT id, task_type, status, payload, attempt_count, max_attempts, owner_id, "
                        + "lease_token, priority, available_at, NOW(3) FROM system_async_task FORCE INDEX (idx_async_task_claim) "
                        + "WHERE status = 'QUEUED' AND task_type = ? AND available_at <= NOW(3) "
                        + "ORDER BY priority DESC, available_at, id LIMIT ? FOR UPDATE SKIP LOCKED",
                (rs, n) -> "key:" + rs.getString("key") + ",rows:" + rs.getString("rows") + ",extra:" + rs.getString("Extra"),
                taskType, limit);
    }

    /** Tasks of a type waiting for a worker, QUEUED or SCHEDULED. */
    public long countWaiting(String taskType) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE status IN ('QUEUED', 'SCHEDULED') "
                + "AND task_type = ?", Long.class, taskType);
    }

    /** Every task of a type ends FAILED now, as a handler that failed them all would leave them. */
    public int markFailed(String taskType) {
        return jdbc.update("UPDATE system_async_task SET status = 'FAILED', finished_at = NOW(3), "
                + "last_error = 'failed for the benchmark' WHERE task_type = ?", taskType);
    }

    /**
     * Adds finished rows, as months of history would leave them (mostly SUCCESS, some FAILED and
     * CANCELLED, finished over the last weeks), in statements of at most 100,000 rows. Numbered from
     * {@code from + 1}, so that several calls make one history.
     */
    public void insertFinished(String taskType, long from, long count) {
        final long chunk = 100_000;
        for (long first = from + 1; first <= from + count; first += chunk) {
            long last = Math.min(from + count, first + chunk - 1);
            jdbc.update("INSERT INTO system_async_task (task_type, status, priority, payload, owner_id, available_at, "
                    + "attempt_count, max_attempts, lease_owner, lease_token, progress, last_error, create_time, "
                    + "update_time, started_at, finished_at) "
                    + "SELECT ?, CASE seq % 20 WHEN 0 THEN 'FAILED' WHEN 1 THEN 'CANCELLED' ELSE 'SUCCESS' END, 0, "
                    + "CONCAT('{\"n\":', seq, '}'), CONCAT('owner-', seq % 1000), t.at, 1, 3, 'history', 1, 100, "
                    + "CASE seq % 20 WHEN 0 THEN 'boom' WHEN 1 THEN 'cancelled by request' END, t.at, t.at, t.at, t.at "
                    + "FROM (SELECT seq, TIMESTAMPADD(SECOND, -seq, NOW(3)) AS at FROM seq_" + first + "_to_" + last + ") t",
                    taskType);
        }
        jdbc.execute("ANALYZE TABLE system_async_task");
    }
}
