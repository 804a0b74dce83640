-- Upgrade for a schema made by sql/mysql/system_async_task.sql before changelog 005-claim-by-type.xml.
-- The same changes as that changelog file; run once, with the mysql client.

-- a claim walks the queue of each of its types on its own, in claim order
ALTER TABLE system_async_task
    DROP INDEX idx_async_task_claim,
    ADD INDEX idx_async_task_claim (status, task_type, priority DESC, available_at, id),
    ADD INDEX idx_async_task_due (status, task_type, available_at, id);

-- tasks not yet due wait as SCHEDULED, out of the claim's walk
UPDATE system_async_task SET status = 'SCHEDULED' WHERE status = 'QUEUED' AND available_at > NOW(3);

-- settings the whole fleet shares: caps on leased tasks, per type and for all types
CREATE TABLE system_async_task_type (
    task_type   VARCHAR(100) NOT NULL,
    max_running INT          NULL,
    PRIMARY KEY (task_type)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

ALTER TABLE system_async_task_lock ADD COLUMN max_running INT NULL;
