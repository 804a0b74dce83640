-- Upgrade for a schema made by sql/mysql/system_async_task.sql before changelog 007-operator-controls.xml.
-- The same changes as that changelog file; run once, with the mysql client.

-- a task type paused fleet-wide: since when (the database's clock) and by whom; NULL: not paused
ALTER TABLE system_async_task_type
    ADD COLUMN paused_at DATETIME(3) NULL,
    ADD COLUMN paused_by VARCHAR(255) NULL;
