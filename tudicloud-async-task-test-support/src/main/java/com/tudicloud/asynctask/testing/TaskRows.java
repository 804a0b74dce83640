package com.tudicloud.asynctask.testing;

import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.util.List;

/** Test-side reads and pokes at system_async_task that no production path offers. */
public final class TaskRows {

    private final JdbcTemplate jdbc;

    public TaskRows(DataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
    }

    public String status(long taskId) {
        return jdbc.queryForObject("SELECT status FROM system_async_task WHERE id = ?", String.class, taskId);
    }

    public long count(String status) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE status = ?", Long.class, status);
    }

    public long countLeased() {
        return jdbc.queryForObject(
                "SELECT COUNT(*) FROM system_async_task WHERE status IN ('RUNNING', 'CANCEL_REQUESTED')", Long.class);
    }

    public long countNotTerminal() {
        return jdbc.queryForObject(
                "SELECT COUNT(*) FROM system_async_task WHERE status NOT IN ('SUCCESS', 'FAILED', 'CANCELLED')",
                Long.class);
    }

    /** Moves a lease into the past, as if its holder had stopped renewing long ago. */
    public void expireLease(long taskId) {
        jdbc.update("UPDATE system_async_task SET lease_until = TIMESTAMPADD(SECOND, -1, NOW(3)) WHERE id = ?", taskId);
    }

    /** Makes a delayed task due now. */
    public void makeDue(long taskId) {
        jdbc.update("UPDATE system_async_task SET available_at = NOW(3) WHERE id = ?", taskId);
    }

    /** Milliseconds from the database's now until the task is due (negative when overdue). */
    public long millisUntilDue(long taskId) {
        return jdbc.queryForObject(
                "SELECT TIMESTAMPDIFF(MICROSECOND, NOW(3), available_at) DIV 1000 FROM system_async_task WHERE id = ?",
                Long.class, taskId);
    }

    /** Milliseconds from the database's now until the lease ends. */
    public long millisUntilLeaseEnds(long taskId) {
        return jdbc.queryForObject(
                "SELECT TIMESTAMPDIFF(MICROSECOND, NOW(3), lease_until) DIV 1000 FROM system_async_task WHERE id = ?",
                Long.class, taskId);
    }

    public List<Long> idsWithStatus(String status) {
        return jdbc.queryForList("SELECT id FROM system_async_task WHERE status = ? ORDER BY id", Long.class, status);
    }

    public JdbcTemplate jdbc() {
        return jdbc;
    }
}
