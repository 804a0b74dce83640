package com.tudicloud.asynctask.testing;

import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Timestamp;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every change of a task's lease or status, recorded by a database trigger (test-only) with the
 * database's clock, and the checks the lease guarantees must pass on that history.
 */
public final class LeaseAudit {

    /** The audit table: one row per change (task_id, old_status, new_status, lease_owner, lease_token, lease_until, at). */
    public static final String TABLE = "fault_lease_audit";

    private final JdbcTemplate jdbc;

    public LeaseAudit(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public void install() {
        uninstall();
        jdbc.execute("""
                CREATE TABLE fault_lease_audit (
                    task_id BIGINT NOT NULL, old_status VARCHAR(20) NOT NULL, new_status VARCHAR(20) NOT NULL,
                    lease_owner VARCHAR(255) NULL, lease_token BIGINT NOT NULL, lease_until DATETIME(3) NULL,
                    at DATETIME(3) NOT NULL, INDEX (task_id, lease_token))""");
        jdbc.execute("""
                CREATE TRIGGER fault_lease_audit_trigger AFTER UPDATE ON system_async_task FOR EACH ROW
                BEGIN
                    IF NOT (NEW.lease_token <=> OLD.lease_token) OR NOT (NEW.lease_until <=> OLD.lease_until)
                       OR NOT (NEW.status <=> OLD.status) THEN
                        INSERT INTO fault_lease_audit VALUES (NEW.id, OLD.status, NEW.status, NEW.lease_owner,
                            NEW.lease_token, NEW.lease_until, NOW(3));
                    END IF;
                END""");
    }

    /** Removes the trigger and the audit table; the task table is as it was. */
    public void uninstall() {
        jdbc.execute("DROP TRIGGER IF EXISTS fault_lease_audit_trigger");
        jdbc.execute("DROP TABLE IF EXISTS fault_lease_audit");
    }

    /**
     * Claims made while the previous holder's lease was still valid: granted (as last renewed) until after
     * the claim, and not given up (completed, recovered, handed back) before it.
     */
    public List<String> claimsDuringAnotherHoldersLease() {
        return jdbc.queryForList("""
                SELECT CONCAT('task ', c.task_id, ' token ', c.lease_token, ' claimed at ', c.at,
                              ' while token ', c.lease_token - 1, ' held it until ', MAX(p.lease_until))
                FROM fault_lease_audit c
                JOIN fault_lease_audit p ON p.task_id = c.task_id AND p.lease_token = c.lease_token - 1
                WHERE c.old_status IN ('QUEUED', 'SCHEDULED') AND c.new_status = 'RUNNING'
                GROUP BY c.task_id, c.lease_token, c.at
                HAVING LEAST(MAX(p.lease_until), COALESCE(MIN(CASE WHEN p.lease_until IS NULL THEN p.at END),
                                                          MAX(p.lease_until))) > c.at""", String.class);
    }

    /** Outcomes written by a holder (it keeps lease_owner) whose token was older than the task's newest claim. */
    public List<String> staleHolderWrites() {
        return jdbc.queryForList("""
                SELECT CONCAT('task ', w.task_id, ': ', w.new_status, ' written by ', w.lease_owner, ' with token ',
                              w.lease_token, ' at ', w.at)
                FROM fault_lease_audit w
                WHERE w.lease_owner IS NOT NULL
                  AND w.old_status IN ('RUNNING', 'CANCEL_REQUESTED') AND w.new_status <> w.old_status
                  AND w.lease_token < (SELECT MAX(c.lease_token) FROM fault_lease_audit c
                                       WHERE c.task_id = w.task_id AND c.old_status IN ('QUEUED', 'SCHEDULED')
                                         AND c.new_status = 'RUNNING' AND c.at <= w.at)""", String.class);
    }

    /** Expired leases recovered (recovery clears lease_owner). */
    public long recoveries() {
        return jdbc.queryForObject("""
                SELECT COUNT(*) FROM fault_lease_audit
                WHERE lease_owner IS NULL AND old_status IN ('RUNNING', 'CANCEL_REQUESTED')""", Long.class);
    }

    /**
     * Every lease granted, as an interval on the database's clock (microseconds): from its claim until the
     * task left RUNNING and CANCEL_REQUESTED under that token (an outcome, a recovery, a hand-back); a lease
     * still held runs on. Fed to the execution log's checks, it shows how many tasks were leased at every
     * instant, not at a few sampled ones.
     */
    public ExecutionLog leases() {
        ExecutionLog leases = new ExecutionLog();
        jdbc.query("""
                SELECT c.task_id, t.task_type, c.lease_owner,
                       TIMESTAMPDIFF(MICROSECOND, '1970-01-01', c.at) AS started,
                       (SELECT MIN(TIMESTAMPDIFF(MICROSECOND, '1970-01-01', e.at)) FROM fault_lease_audit e
                        WHERE e.task_id = c.task_id AND e.lease_token = c.lease_token
                          AND e.new_status NOT IN ('RUNNING', 'CANCEL_REQUESTED')) AS finished
                FROM fault_lease_audit c JOIN system_async_task t ON t.id = c.task_id
                WHERE c.old_status IN ('QUEUED', 'SCHEDULED') AND c.new_status = 'RUNNING'""", row -> {
            long finished = row.getLong("finished");
            leases.add(row.getLong("task_id"), row.getString("task_type"), row.getString("lease_owner"),
                    row.getLong("started"), row.wasNull() ? null : finished);
        });
        return leases;
    }

    /** Claims per task id. */
    public Map<Long, Long> claimsPerTask() {
        Map<Long, Long> claims = new HashMap<>();
        jdbc.query("""
                SELECT task_id, COUNT(*) AS claims FROM fault_lease_audit
                WHERE old_status IN ('QUEUED', 'SCHEDULED') AND new_status = 'RUNNING' GROUP BY task_id""",
                row -> {
                    claims.put(row.getLong("task_id"), row.getLong("claims"));
                });
        return claims;
    }

    /** One claim: the task, its claimer, and the instant of the claim's statement on the database's clock. */
    public record Claim(long taskId, String worker, long atMicros) {
    }

    /**
     * Every claim of the type's tasks, in time order. The instant is the claim's NOW(3), which is also the
     * started_at the claim writes (one statement reads one NOW), so a re-run after a recovery is a start of its own.
     */
    public List<Claim> claims(String taskType) {
        return jdbc.query("""
                SELECT c.task_id, c.lease_owner, TIMESTAMPDIFF(MICROSECOND, '1970-01-01', c.at) AS at_micros
                FROM fault_lease_audit c JOIN system_async_task t ON t.id = c.task_id
                WHERE t.task_type = ? AND c.old_status IN ('QUEUED', 'SCHEDULED') AND c.new_status = 'RUNNING'
                ORDER BY c.at""", (row, n) -> new Claim(row.getLong("task_id"), row.getString("lease_owner"),
                row.getLong("at_micros")), taskType);
    }

    /** Writes that ended a task (SUCCESS, FAILED, CANCELLED), per task id: a task ended twice shows 2. */
    public Map<Long, Long> endingsPerTask() {
        Map<Long, Long> endings = new HashMap<>();
        jdbc.query("""
                SELECT task_id, COUNT(*) AS endings FROM fault_lease_audit
                WHERE new_status IN ('SUCCESS', 'FAILED', 'CANCELLED') GROUP BY task_id""",
                row -> {
                    endings.put(row.getLong("task_id"), row.getLong("endings"));
                });
        return endings;
    }

    /**
     * A key's slot that a recovery took back from a worker's lease: milliseconds from the holder's last write before
     * the recovery (for a killed or frozen holder, its last sign of life) until the recovery, and from the recovery
     * until the next claim of a task of the same type and key began (null if none did).
     */
    public record FreedSlot(long taskId, String taskKey, long freedAfterMillis, Long nextStartAfterMillis) {
    }

    /** The slots that recoveries took back from the worker's leases of keyed tasks. */
    public List<FreedSlot> keySlotsRecoveredFrom(String workerId) {
        return jdbc.query("""
                SELECT c.task_id, t.task_key,
                       TIMESTAMPDIFF(MICROSECOND, (SELECT MAX(w.at) FROM fault_lease_audit w
                                                   WHERE w.lease_owner = c.lease_owner AND w.at < r.at), r.at) DIV 1000
                           AS freed_ms,
                       TIMESTAMPDIFF(MICROSECOND, r.at,
                           (SELECT MIN(n.at) FROM system_async_task nt JOIN fault_lease_audit n ON n.task_id = nt.id
                            WHERE nt.task_key = t.task_key AND nt.task_type = t.task_type AND n.at >= r.at
                              AND n.old_status IN ('QUEUED', 'SCHEDULED') AND n.new_status = 'RUNNING')) DIV 1000
                           AS next_start_ms
                FROM fault_lease_audit c
                JOIN system_async_task t ON t.id = c.task_id
                JOIN fault_lease_audit r ON r.task_id = c.task_id AND r.lease_token = c.lease_token
                 AND r.lease_owner IS NULL AND r.old_status IN ('RUNNING', 'CANCEL_REQUESTED')
                WHERE c.lease_owner = ? AND c.old_status IN ('QUEUED', 'SCHEDULED') AND c.new_status = 'RUNNING'
                  AND t.task_key IS NOT NULL""", (row, n) -> {
            long freed = row.getLong("freed_ms");
            long next = row.getLong("next_start_ms");
            return new FreedSlot(row.getLong("task_id"), row.getString("task_key"), freed, row.wasNull() ? null : next);
        }, workerId);
    }

    /** Claims a worker made after a moment of the database's clock. */
    public long claimsBy(String workerId, Timestamp after) {
        return jdbc.queryForObject("""
                SELECT COUNT(*) FROM fault_lease_audit
                WHERE lease_owner = ? AND old_status IN ('QUEUED', 'SCHEDULED') AND new_status = 'RUNNING' AND at > ?""",
                Long.class, workerId, after);
    }
}
