package com.tudicloud.asynctask.admin.faults;

import com.tudicloud.asynctask.testing.LeaseAudit;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The dependency guarantees checked on the rows of the tasks of one id range, all on the database's clock: the task
 * table's start and end of each task, the recorded handler executions ({@link ExecutionRecording}) and every change
 * of status and lease ({@link LeaseAudit}'s trigger). A dependency's end is its {@code finished_at}, written in the
 * transaction that releases its dependents, so nothing of a dependent may begin before it.
 */
final class DependencyAudit {

    private static final String AUDIT = LeaseAudit.TABLE;
    private static final String EXECUTIONS = ExecutionRecording.TABLE;
    /** Each edge from the tasks on, with the dependency's row as p. */
    private static final String EDGES = "system_async_task_dependency d JOIN system_async_task p ON p.id = d.depends_on_id";

    /** A task's end as its row holds it. */
    record End(String status, String lastError) {
    }

    private final JdbcTemplate jdbc;
    private final long fromId;
    private final long toId;

    /** The audit of the tasks {@code fromId} to {@code toId}, both included. */
    DependencyAudit(JdbcTemplate jdbc, long fromId, long toId) {
        this.jdbc = jdbc;
        this.fromId = fromId;
        this.toId = toId;
    }

    /** The audit of the tasks of a graph, which were submitted one after another. */
    static DependencyAudit of(JdbcTemplate jdbc, TaskGraph graph) {
        return new DependencyAudit(jdbc, graph.firstId(), graph.lastId());
    }

    /** The edges the store holds for the tasks. */
    Set<TaskGraph.Edge> storedEdges() {
        return new TreeSet<>(jdbc.query("SELECT depends_on_id, task_id FROM system_async_task_dependency "
                + "WHERE task_id BETWEEN ? AND ?",
                (row, n) -> new TaskGraph.Edge(row.getLong("depends_on_id"), row.getLong("task_id")), fromId, toId));
    }

    /** The status and last error of each task. */
    Map<Long, End> ends() {
        Map<Long, End> ends = new TreeMap<>();
        jdbc.query("SELECT id, status, last_error FROM system_async_task WHERE id BETWEEN ? AND ?", row -> {
            ends.put(row.getLong("id"), new End(row.getString("status"), row.getString("last_error")));
        }, fromId, toId);
        return ends;
    }

    /** Tasks whose last, outcome-writing claim started before one of their dependencies ended. */
    List<String> acceptedStartsBeforeDependencyEnd() {
        return jdbc.queryForList("SELECT CONCAT('task ', t.id, ' started at ', t.started_at, ', dependency ', p.id, "
                + "' ended at ', COALESCE(p.finished_at, 'never')) FROM " + EDGES
                + " JOIN system_async_task t ON t.id = d.task_id WHERE d.task_id BETWEEN ? AND ? "
                + "AND t.started_at IS NOT NULL AND (p.finished_at IS NULL OR t.started_at < p.finished_at)", String.class, fromId, toId);
    }

    /** Recorded handler executions, accepted or not, that began before one of their task's dependencies ended. */
    List<String> executionsBeforeDependencyEnd() {
        return jdbc.queryForList("SELECT CONCAT('task ', e.task_id, ' ran on ', e.worker, ' at ', e.started_at, "
                + "', dependency ', p.id, ' ended at ', COALESCE(p.finished_at, 'never')) FROM " + EXECUTIONS + " e JOIN "
                + EDGES + " ON d.task_id = e.task_id WHERE e.task_id BETWEEN ? AND ? "
                + "AND (p.finished_at IS NULL OR e.started_at < p.finished_at)", String.class, fromId, toId);
    }

    /**
     * Changes that took a task out of WAITING other than to CANCELLED (a release, or a claim of a WAITING row),
     * made before one of its dependencies ended.
     */
    List<String> leftWaitingBeforeDependencyEnd() {
        return jdbc.queryForList("SELECT CONCAT('task ', a.task_id, ' went ', a.old_status, ' -> ', a.new_status, "
                + "' at ', a.at, ', dependency ', p.id, ' ended at ', COALESCE(p.finished_at, 'never')) FROM " + AUDIT
                + " a JOIN " + EDGES + " ON d.task_id = a.task_id WHERE a.task_id BETWEEN ? AND ? "
                + "AND a.old_status = 'WAITING' AND a.new_status <> 'CANCELLED' "
                + "AND (p.finished_at IS NULL OR a.at < p.finished_at)", String.class, fromId, toId);
    }

    /** Claims, first or later, made before one of the task's dependencies ended. */
    List<String> claimsBeforeDependencyEnd() {
        return jdbc.queryForList("SELECT CONCAT('task ', a.task_id, ' claimed by ', a.lease_owner, ' at ', a.at, "
                + "', dependency ', p.id, ' ended at ', COALESCE(p.finished_at, 'never')) FROM " + AUDIT + " a JOIN "
                + EDGES + " ON d.task_id = a.task_id WHERE a.task_id BETWEEN ? AND ? AND " + claim("a")
                + " AND (p.finished_at IS NULL OR a.at < p.finished_at)", String.class, fromId, toId);
    }

    /** Changes from WAITING to anything but QUEUED, SCHEDULED or CANCELLED: a claim, or an end, of a waiting row. */
    List<String> waitingRowsTaken() {
        return jdbc.queryForList("SELECT CONCAT('task ', task_id, ' went WAITING -> ', new_status, ' at ', at) FROM "
                + AUDIT + " WHERE task_id BETWEEN ? AND ? AND old_status = 'WAITING' "
                + "AND new_status NOT IN ('QUEUED', 'SCHEDULED', 'CANCELLED')", String.class, fromId, toId);
    }

    /** Tasks claimed again without a recovery of their lease before: a second run no fault explains. */
    List<String> reclaimsWithoutRecovery() {
        return jdbc.queryForList("SELECT CONCAT('task ', task_id, ': ', claims, ' claims, ', recoveries, ' recoveries') "
                + "FROM (SELECT a.task_id, SUM(" + claim("a") + ") AS claims, SUM(" + recovery("a") + ") AS recoveries FROM "
                + AUDIT + " a WHERE a.task_id BETWEEN ? AND ? GROUP BY a.task_id) c WHERE claims > 1 + recoveries",
                String.class, fromId, toId);
    }

    /** Recoveries of expired leases among the tasks. */
    long recoveries() {
        return jdbc.queryForObject("SELECT COUNT(*) FROM " + AUDIT + " a WHERE a.task_id BETWEEN ? AND ? AND "
                + recovery("a"), Long.class, fromId, toId);
    }

    /** Tasks with a recorded execution whose handler returned. */
    Set<Long> tasksRunToTheEnd() {
        return new TreeSet<>(jdbc.queryForList("SELECT DISTINCT task_id FROM " + EXECUTIONS
                + " WHERE task_id BETWEEN ? AND ? AND finished_at IS NOT NULL", Long.class, fromId, toId));
    }

    /** Recorded executions per task. */
    Map<Long, Long> executionsPerTask() {
        Map<Long, Long> runs = new TreeMap<>();
        jdbc.query("SELECT task_id, COUNT(*) AS runs FROM " + EXECUTIONS + " WHERE task_id BETWEEN ? AND ? GROUP BY task_id",
                row -> {
                    runs.put(row.getLong("task_id"), row.getLong("runs"));
                }, fromId, toId);
        return runs;
    }

    /** Recoveries per task. */
    Map<Long, Long> recoveriesPerTask() {
        Map<Long, Long> recoveries = new TreeMap<>();
        jdbc.query("SELECT a.task_id, COUNT(*) AS recoveries FROM " + AUDIT + " a WHERE a.task_id BETWEEN ? AND ? AND "
                + recovery("a") + " GROUP BY a.task_id", row -> {
                    recoveries.put(row.getLong("task_id"), row.getLong("recoveries"));
                }, fromId, toId);
        return recoveries;
    }

    /**
     * The longest and shortest time, in milliseconds, from a task's last dependency ending to its first claim: how
     * long a released task waited for a worker (through the faults too).
     */
    long[] releaseToClaimMillis() {
        Map<String, Object> gaps = jdbc.queryForMap("SELECT MAX(gap) AS max_gap, MIN(gap) AS min_gap FROM ("
                + "SELECT TIMESTAMPDIFF(MICROSECOND, (SELECT MAX(p.finished_at) FROM " + EDGES + " WHERE d.task_id = c.task_id), "
                + "MIN(c.at)) AS gap FROM " + AUDIT + " c WHERE c.task_id BETWEEN ? AND ? AND " + claim("c")
                + " AND EXISTS (SELECT 1 FROM system_async_task_dependency d WHERE d.task_id = c.task_id) "
                + "GROUP BY c.task_id) g", fromId, toId);
        return new long[] {microsToMillis(gaps.get("max_gap")), microsToMillis(gaps.get("min_gap"))};
    }

    /** An audit row of {@code alias} that is a claim. */
    private static String claim(String alias) {
        return alias + ".old_status IN ('QUEUED', 'SCHEDULED') AND " + alias + ".new_status = 'RUNNING'";
    }

    /** An audit row of {@code alias} that is the recovery of an expired lease (recovery clears the owner). */
    private static String recovery(String alias) {
        return alias + ".lease_owner IS NULL AND " + alias + ".old_status IN ('RUNNING', 'CANCEL_REQUESTED')";
    }

    private static long microsToMillis(Object micros) {
        return micros == null ? 0 : Math.floorDiv(((Number) micros).longValue(), 1000);
    }
}
