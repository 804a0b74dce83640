-- Upgrade for a schema made by sql/mysql/system_async_task.sql before changelog 004-exact-dedup-keys.xml.
-- The same changes as that changelog file; run once, with the mysql client.

-- dedup keys match exactly: the default collation would take 'Key' for 'key', 'e' for 'é', and ignore trailing spaces
ALTER TABLE system_async_task MODIFY dedup_key VARCHAR(191) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL;
