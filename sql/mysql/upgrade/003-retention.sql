-- Upgrade for a schema made by sql/mysql/system_async_task.sql before changelog 003-retention.xml.
-- The same changes as that changelog file; run once, with the mysql client.

-- retention: DELETE ... WHERE status = ? AND finished_at < ? LIMIT n reads exactly the rows it deletes
CREATE INDEX idx_async_task_finished ON system_async_task (status, finished_at);

-- a lock row can also be held for a while by one worker: who, and until when (the database's clock)
ALTER TABLE system_async_task_lock
    ADD COLUMN locked_by VARCHAR(255) NULL,
    ADD COLUMN locked_until DATETIME(3) NULL;

INSERT INTO system_async_task_lock (name) VALUES ('retention');
