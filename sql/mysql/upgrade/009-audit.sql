-- Upgrade for a schema made by sql/mysql/system_async_task.sql before changelog 009-audit.xml.
-- The same changes as that changelog file; run once, with the mysql client.

-- the admin application's audit trail: one row per operator action (submits included) and per failed login,
-- appended and never changed; pruned by age; no foreign key to the task, whose record it outlives
CREATE TABLE system_async_task_audit (
    id             BIGINT        NOT NULL AUTO_INCREMENT,
    occurred_at    DATETIME(3)   NOT NULL,
    username       VARCHAR(255)  NULL,
    client_address VARCHAR(64)   NULL,
    action         VARCHAR(40)   NOT NULL,
    target         VARCHAR(1000) NULL,
    task_id        BIGINT        NULL,
    affected       BIGINT        NULL,
    outcome        VARCHAR(40)   NOT NULL,
    PRIMARY KEY (id),
    -- newest first within a time window, and pruning: WHERE occurred_at < ?
    INDEX idx_async_task_audit_time (occurred_at),
    -- one user's records, newest first: WHERE username = ? ORDER BY id DESC
    INDEX idx_async_task_audit_user (username, id),
    -- one action's records, newest first: WHERE action = ? ORDER BY id DESC
    INDEX idx_async_task_audit_action (action, id),
    -- a task's records: who submitted it
    INDEX idx_async_task_audit_task (task_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
