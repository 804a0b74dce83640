-- Upgrade for a schema made by sql/mysql/system_async_task.sql before changelog 018-key-walk.xml.
-- The same changes as that changelog file; run once, with the mysql client.

-- keyed and fair claims jump from one key with queued tasks to the next by a loose scan of this index, which
-- MySQL and MariaDB make only on an index without descending parts; it replaces idx_async_task_key_claim.
-- Instances of an earlier version name idx_async_task_key_claim in their keyed and fair claims, which fail
-- once it is gone (their tasks wait, nothing is lost): upgrade a fleet with per-key caps or fair types as a whole.
ALTER TABLE system_async_task
    ADD INDEX idx_async_task_key_walk (status, task_type, task_key, priority, available_at, id),
    DROP INDEX idx_async_task_key_claim;
