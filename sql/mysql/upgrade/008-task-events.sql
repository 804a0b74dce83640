-- Upgrade for a schema made by sql/mysql/system_async_task.sql before changelog 008-task-events.xml.
-- The same changes as that changelog file; run once, with the mysql client.

-- the history of each task: one row per state change, appended in the transaction of the change;
-- deleting a task deletes its events (the foreign key cascades)
CREATE TABLE system_async_task_event (
    id          BIGINT        NOT NULL AUTO_INCREMENT,
    task_id     BIGINT        NOT NULL,
    event_type  VARCHAR(32)   NOT NULL,
    attempt     INT           NOT NULL,
    lease_token BIGINT        NOT NULL,
    worker_id   VARCHAR(255)  NULL,
    actor       VARCHAR(255)  NULL,
    status      VARCHAR(20)   NOT NULL,
    delay_ms    BIGINT        NULL,
    message     VARCHAR(2000) NULL,
    started_at  DATETIME(3)   NULL,
    created_at  DATETIME(3)   NOT NULL,
    PRIMARY KEY (id),
    INDEX idx_async_task_event_task (task_id, id),
    CONSTRAINT fk_async_task_event_task FOREIGN KEY (task_id) REFERENCES system_async_task (id) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
