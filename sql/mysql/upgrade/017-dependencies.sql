-- Upgrade for a schema made by sql/mysql/system_async_task.sql before changelog 017-dependencies.xml.
-- The same changes as that changelog file; run once, with the mysql client.

-- waiting_on: dependencies not yet ended (WAITING until 0); has_dependents: its end counts dependents down;
-- if_dependency_fails: RUN, or NULL to be cancelled when a dependency fails
ALTER TABLE system_async_task
    ADD COLUMN waiting_on INT NOT NULL DEFAULT 0,
    ADD COLUMN has_dependents BOOLEAN NOT NULL DEFAULT FALSE,
    ADD COLUMN if_dependency_fails VARCHAR(8) NULL;

-- task_id waits for depends_on_id; released: the dependency's end has counted the dependent down
CREATE TABLE system_async_task_dependency (
    depends_on_id BIGINT  NOT NULL,
    task_id       BIGINT  NOT NULL,
    released      BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (depends_on_id, task_id),
    -- a task's dependencies; retention
    INDEX idx_async_task_dependency_task (task_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
