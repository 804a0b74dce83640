-- Upgrade for a schema made by sql/mysql/system_async_task.sql before changelog 011-trace-context.xml.
-- The same changes as that changelog file; run once, with the mysql client.

-- the submit's trace context (W3C traceparent), continued by the execution's span; NULL: the submitter traces nothing
ALTER TABLE system_async_task
    ADD COLUMN trace_parent VARCHAR(55) NULL;
