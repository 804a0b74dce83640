-- Upgrade for a schema made by sql/mysql/system_async_task.sql before changelog 010-batches.xml.
-- The same changes as that changelog file; run once, with the mysql client.

-- a batch: its children name it in system_async_task.batch_id; its callbacks wait here as definitions until
-- the batch ends (state OPEN, CANCELLING, then SUCCEEDED, FAILED or CANCELLED) and then name the tasks inserted
CREATE TABLE system_async_task_batch (
    id                    BIGINT       NOT NULL AUTO_INCREMENT,
    state                 VARCHAR(20)  NOT NULL,
    owner_id              VARCHAR(128) NULL,
    success_type          VARCHAR(100) NULL,
    success_payload       LONGTEXT     NULL,
    success_priority      INT          NULL,
    success_max_attempts  INT          NULL,
    success_task_id       BIGINT       NULL,
    failure_type          VARCHAR(100) NULL,
    failure_payload       LONGTEXT     NULL,
    failure_priority      INT          NULL,
    failure_max_attempts  INT          NULL,
    failure_task_id       BIGINT       NULL,
    complete_type         VARCHAR(100) NULL,
    complete_payload      LONGTEXT     NULL,
    complete_priority     INT          NULL,
    complete_max_attempts INT          NULL,
    complete_task_id      BIGINT       NULL,
    create_time           DATETIME(3)  NOT NULL,
    update_time           DATETIME(3)  NOT NULL,
    finished_at           DATETIME(3)  NULL,
    PRIMARY KEY (id),
    -- open batches oldest first (repair, gauge); a listing by state
    INDEX idx_async_task_batch_state (state, id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- the batch a task belongs to (NULL: none); children of a batch by status
ALTER TABLE system_async_task ADD COLUMN batch_id BIGINT NULL;
CREATE INDEX idx_async_task_batch ON system_async_task (batch_id, status);
