-- Upgrade for a schema made by sql/mysql/system_async_task.sql before changelog 006-schedules.xml.
-- The same changes as that changelog file; run once, with the mysql client.

-- one row per recurring task: what it submits and its next fire time on the database's clock;
-- schedulers claim due rows, insert the task and advance the row in one transaction
CREATE TABLE system_async_task_schedule (
    name            VARCHAR(100)  NOT NULL,
    cron_expression VARCHAR(200)  NULL,
    interval_ms     BIGINT        NULL,
    time_zone       VARCHAR(64)   NOT NULL DEFAULT 'UTC',
    task_type       VARCHAR(100)  NOT NULL,
    payload         LONGTEXT      NULL,
    priority        INT           NOT NULL DEFAULT 0,
    max_attempts    INT           NOT NULL DEFAULT 3,
    owner_id        VARCHAR(128)  NULL,
    misfire_policy  VARCHAR(20)   NOT NULL DEFAULT 'COALESCE',
    misfire_bound   INT           NOT NULL DEFAULT 1,
    overlap_policy  VARCHAR(20)   NOT NULL DEFAULT 'ALLOW',
    paused_at       DATETIME(3)   NULL,   -- NULL: not paused
    next_fire_time  DATETIME(3)   NOT NULL,
    last_fire_time  DATETIME(3)   NULL,
    last_task_id    BIGINT        NULL,
    skipped_count   BIGINT        NOT NULL DEFAULT 0,
    last_skipped_at DATETIME(3)   NULL,
    create_time     DATETIME(3)   NOT NULL,
    update_time     DATETIME(3)   NOT NULL,
    PRIMARY KEY (name),
    -- due schedules: WHERE paused_at IS NULL AND next_fire_time <= NOW(3) ORDER BY next_fire_time
    INDEX idx_async_task_schedule_due (paused_at, next_fire_time)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
