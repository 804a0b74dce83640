-- Upgrade for a schema made by sql/mysql/system_async_task.sql before changelog 016-fair-claims.xml.
-- The same changes as that changelog file; run once, with the mysql client.

-- whether claims take a type's tasks across its keys in turn (NULL or 0: in claim order)
ALTER TABLE system_async_task_type ADD COLUMN fair_claims BOOLEAN NULL;
