-- Upgrade for a schema made by sql/mysql/system_async_task.sql before changelog 014-batch-listing.xml.
-- The same changes as that changelog file; run once, with the mysql client.

-- a batch's children, newest first, for operators
CREATE INDEX idx_async_task_batch_created ON system_async_task (batch_id, create_time);
