-- Upgrade for a schema made by sql/mysql/system_async_task.sql before changelog 002-operator-listing-and-worker-registry.xml.
-- The same changes as that changelog file; run once, with the mysql client.

-- operators' listing, newest first, without a filesort over the whole table
CREATE INDEX idx_async_task_created ON system_async_task (create_time);

-- one row per worker instance, refreshed with its heartbeat
CREATE TABLE system_async_task_worker (
    worker_id      VARCHAR(255)  NOT NULL,
    host           VARCHAR(255)  NULL,
    task_types     VARCHAR(2000) NULL,
    slots          INT           NOT NULL,
    running_tasks  INT           NOT NULL DEFAULT 0,
    started_at     DATETIME(3)   NOT NULL,
    last_heartbeat DATETIME(3)   NOT NULL,
    stopped_at     DATETIME(3)   NULL,
    PRIMARY KEY (worker_id),
    INDEX idx_async_task_worker_heartbeat (last_heartbeat)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
