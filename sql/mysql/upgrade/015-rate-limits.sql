-- Upgrade for a schema made by sql/mysql/system_async_task.sql before changelog 015-rate-limits.xml.
-- The same changes as that changelog file; run once, with the mysql client.

-- the fleet's rate limit of a type: at most rate_limit starts within any rate_period_ms (NULL: none)
ALTER TABLE system_async_task_type
    ADD COLUMN rate_limit INT NULL,
    ADD COLUMN rate_period_ms INT NULL;

-- the recent starts of each rate-limited type, one row per start
CREATE TABLE system_async_task_start (
    id         BIGINT       NOT NULL AUTO_INCREMENT,
    task_type  VARCHAR(100) NOT NULL,
    task_id    BIGINT       NOT NULL,
    started_at DATETIME(3)  NOT NULL,
    PRIMARY KEY (id),
    INDEX idx_async_task_start_window (task_type, started_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
