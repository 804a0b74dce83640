package com.tudicloud.asynctask.testing;

import org.springframework.jdbc.core.JdbcTemplate;

import java.util.List;

/**
 * The leased tasks of a task's key as the database counts them at each claim of a keyed task, recorded by a
 * test-only trigger inside the claim's own statement. The count is a locking read: it waits for any other
 * transaction that changed a row of the key and reads the rows as committed, so a claim that another claim's
 * uncommitted work should have held back is counted with that work, whatever the store's own protocol does.
 */
public final class KeyAudit {

    private final JdbcTemplate jdbc;

    public KeyAudit(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public void install() {
        uninstall();
        jdbc.execute("""
                CREATE TABLE key_lease_audit (
                    task_id BIGINT NOT NULL, task_type VARCHAR(100) NOT NULL, task_key VARCHAR(128) NOT NULL,
                    leased INT NOT NULL, at DATETIME(3) NOT NULL)""");
        jdbc.execute("""
                CREATE TRIGGER key_lease_audit_trigger AFTER UPDATE ON system_async_task FOR EACH ROW
                BEGIN
                    DECLARE leased INT;
                    IF NEW.task_key IS NOT NULL AND NEW.status = 'RUNNING' AND OLD.status IN ('QUEUED', 'SCHEDULED') THEN
                        SELECT COUNT(*) INTO leased FROM system_async_task
                        WHERE status IN ('RUNNING', 'CANCEL_REQUESTED') AND task_type = NEW.task_type
                          AND task_key = NEW.task_key
                        LOCK IN SHARE MODE;
                        INSERT INTO key_lease_audit VALUES (NEW.id, NEW.task_type, NEW.task_key, leased, NOW(3));
                    END IF;
                END""");
    }

    public void uninstall() {
        jdbc.execute("DROP TRIGGER IF EXISTS key_lease_audit_trigger");
        jdbc.execute("DROP TABLE IF EXISTS key_lease_audit");
    }

    /** Claims of keyed tasks recorded. */
    public long claims() {
        return jdbc.queryForObject("SELECT COUNT(*) FROM key_lease_audit", Long.class);
    }

    /** The most tasks of one key leased at once, as counted at the claims of the type. */
    public int mostLeased(String taskType) {
        Integer most = jdbc.queryForObject("SELECT MAX(leased) FROM key_lease_audit WHERE task_type = ?",
                Integer.class, taskType);
        return most == null ? 0 : most;
    }

    /** Each claim that left more than {@code limit} tasks of its key leased. */
    public List<String> claimsOver(String taskType, int limit) {
        return jdbc.queryForList("""
                SELECT CONCAT('task ', task_id, ' of key ', task_key, ' claimed at ', at, ' with ', leased, ' leased')
                FROM key_lease_audit WHERE task_type = ? AND leased > ?""", String.class, taskType, limit);
    }
}
