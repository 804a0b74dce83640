-- Upgrade for a schema made by sql/mysql/system_async_task.sql before changelog 012-task-keys.xml.
-- The same changes as that changelog file; run once, with the mysql client.

-- a task's key (a customer, a tenant), matched exactly; the indexes of keyed claims and of a key's listing
ALTER TABLE system_async_task
    ADD COLUMN task_key VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL,
    ADD INDEX idx_async_task_key_claim (status, task_type, task_key, priority DESC, available_at, id),
    ADD INDEX idx_async_task_key (task_key, create_time);

-- the fleet's cap on leased tasks of one key of a type (NULL: none)
ALTER TABLE system_async_task_type ADD COLUMN max_running_per_key INT NULL;
