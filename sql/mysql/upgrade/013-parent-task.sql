-- Upgrade for a schema made by sql/mysql/system_async_task.sql before changelog 013-parent-task.xml.
-- The same change as that changelog file; run once, with the mysql client.

-- the running task that submitted it (TaskContext.submit), if any
ALTER TABLE system_async_task ADD COLUMN parent_task_id BIGINT NULL;
