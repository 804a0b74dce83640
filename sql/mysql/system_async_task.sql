-- tudicloud-async-task schema for MySQL 8.0+ and MariaDB 10.8+ (descending index).
-- The same schema as the Liquibase changelog db/async-task/changelog-master.xml in
-- tudicloud-async-task-mybatis; SchemaParityTest keeps the two identical.

CREATE TABLE system_async_task (
    id               BIGINT        NOT NULL AUTO_INCREMENT,
    task_type        VARCHAR(100)  NOT NULL,
    status           VARCHAR(20)   NOT NULL,
    priority         INT           NOT NULL DEFAULT 0,
    payload          LONGTEXT      NULL,
    owner_id         VARCHAR(128)  NULL,
    dedup_key        VARCHAR(191)  CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL,   -- matched exactly
    available_at     DATETIME(3)   NOT NULL,
    attempt_count    INT           NOT NULL DEFAULT 0,
    max_attempts     INT           NOT NULL DEFAULT 3,
    lease_owner      VARCHAR(255)  NULL,
    lease_until      DATETIME(3)   NULL,
    lease_token      BIGINT        NOT NULL DEFAULT 0,   -- fencing token, +1 on every claim
    progress         INT           NULL,
    progress_message VARCHAR(500)  NULL,
    artifact_id      VARCHAR(255)  NULL,
    last_error       VARCHAR(2000) NULL,
    create_time      DATETIME(3)   NOT NULL,
    update_time      DATETIME(3)   NOT NULL,
    started_at       DATETIME(3)   NULL,
    finished_at      DATETIME(3)   NULL,
    batch_id         BIGINT        NULL,   -- the batch it belongs to, if any
    trace_parent     VARCHAR(55)   NULL,   -- the submit's W3C traceparent; NULL: the submitter traces nothing
    task_key         VARCHAR(128)  CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL,   -- a customer, a tenant; matched exactly
    parent_task_id   BIGINT        NULL,   -- the running task that submitted it, if any
    waiting_on       INT           NOT NULL DEFAULT 0,   -- dependencies not yet ended: WAITING until 0
    has_dependents   BOOLEAN       NOT NULL DEFAULT FALSE,   -- its end counts its dependents down
    if_dependency_fails VARCHAR(8) NULL,   -- RUN, or NULL: cancelled when a dependency fails
    PRIMARY KEY (id),
    -- claim, one type at a time: WHERE status = 'QUEUED' AND task_type = ? ORDER BY priority DESC, available_at, id
    INDEX idx_async_task_claim (status, task_type, priority DESC, available_at, id),
    -- due tasks of a type that waited as SCHEDULED: WHERE status = 'SCHEDULED' AND task_type = ? AND available_at <= now
    INDEX idx_async_task_due (status, task_type, available_at, id),
    -- recovery: WHERE status IN ('RUNNING', 'CANCEL_REQUESTED') AND lease_until < now, a range per status
    INDEX idx_async_task_lease (status, lease_until),
    -- owner listing: WHERE owner_id = ? ORDER BY create_time DESC, id DESC
    INDEX idx_async_task_owner (owner_id, create_time),
    UNIQUE INDEX uk_async_task_dedup (task_type, dedup_key),
    -- operators' listing, newest first
    INDEX idx_async_task_created (create_time),
    -- retention: DELETE ... WHERE status = ? AND finished_at < ? LIMIT n
    INDEX idx_async_task_finished (status, finished_at),
    -- children of a batch by status: WHERE batch_id = ? AND status IN (...)
    INDEX idx_async_task_batch (batch_id, status),
    -- a batch's children, newest first: WHERE batch_id = ? ORDER BY create_time DESC, id DESC
    INDEX idx_async_task_batch_created (batch_id, create_time),
    -- keyed claims: leased tasks per key, the next keys with queued tasks (a loose scan, so no descending part),
    -- and the head of each key in claim order
    INDEX idx_async_task_key_walk (status, task_type, task_key, priority, available_at, id),
    -- a key's tasks, newest first: WHERE task_key = ? ORDER BY create_time DESC
    INDEX idx_async_task_key (task_key, create_time)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- one row per fleet-wide lock: claims under concurrency limits take the 'claim' row in their
-- transaction and write their connection and when the hold is overdue into it (locked_by, locked_until); it also
-- holds the fleet's cap on leased tasks of all types (max_running, NULL: none);
-- the retention job holds the 'retention' row for a while (locked_by, locked_until)
CREATE TABLE system_async_task_lock (
    name         VARCHAR(64)  NOT NULL,
    locked_by    VARCHAR(255) NULL,
    locked_until DATETIME(3)  NULL,
    max_running  INT          NULL,
    PRIMARY KEY (name)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

INSERT INTO system_async_task_lock (name) VALUES ('claim'), ('retention');

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

-- one row per task type, for settings the whole fleet shares:
-- max_running caps the type's leased tasks across all workers (NULL: no cap);
-- paused_at/paused_by: paused fleet-wide since then, by that operator (NULL: not paused), no worker claims it;
-- max_running_per_key caps the leased tasks of each key of the type across all workers (NULL: no cap);
-- rate_limit caps the type's starts within any rate_period_ms across all workers (NULL: no rate limit);
-- fair_claims: claims take the type's tasks across its keys in turn (NULL or 0: in claim order)
CREATE TABLE system_async_task_type (
    task_type           VARCHAR(100) NOT NULL,
    max_running         INT          NULL,
    paused_at           DATETIME(3)  NULL,
    paused_by           VARCHAR(255) NULL,
    max_running_per_key INT          NULL,
    rate_limit          INT          NULL,
    rate_period_ms      INT          NULL,
    fair_claims         BOOLEAN      NULL,
    PRIMARY KEY (task_type)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- the history of each task: one row per state change, appended in the transaction of the change;
-- deleting a task deletes its events (the foreign key cascades)
CREATE TABLE system_async_task_event (
    id          BIGINT        NOT NULL AUTO_INCREMENT,
    task_id     BIGINT        NOT NULL,
    event_type  VARCHAR(32)   NOT NULL,
    attempt     INT           NOT NULL,
    lease_token BIGINT        NOT NULL,   -- the claim the change concerns: one attempt's events share it
    worker_id   VARCHAR(255)  NULL,       -- the holder of that attempt's lease
    actor       VARCHAR(255)  NULL,       -- who made the change when not the holder: recovering worker, operator
    status      VARCHAR(20)   NOT NULL,   -- the task's status after the change
    delay_ms    BIGINT        NULL,
    message     VARCHAR(2000) NULL,
    started_at  DATETIME(3)   NULL,
    created_at  DATETIME(3)   NOT NULL,
    PRIMARY KEY (id),
    -- a task's events in order: WHERE task_id = ? ORDER BY id
    INDEX idx_async_task_event_task (task_id, id),
    CONSTRAINT fk_async_task_event_task FOREIGN KEY (task_id) REFERENCES system_async_task (id) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

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

-- the admin application's audit trail: one row per operator action (submits included) and per failed login,
-- appended and never changed; pruned by age; no foreign key to the task, whose record it outlives
CREATE TABLE system_async_task_audit (
    id             BIGINT        NOT NULL AUTO_INCREMENT,
    occurred_at    DATETIME(3)   NOT NULL,
    username       VARCHAR(255)  NULL,
    client_address VARCHAR(64)   NULL,
    action         VARCHAR(40)   NOT NULL,
    target         VARCHAR(1000) NULL,
    task_id        BIGINT        NULL,
    affected       BIGINT        NULL,
    outcome        VARCHAR(40)   NOT NULL,
    PRIMARY KEY (id),
    -- newest first within a time window, and pruning: WHERE occurred_at < ?
    INDEX idx_async_task_audit_time (occurred_at),
    -- one user's records, newest first: WHERE username = ? ORDER BY id DESC
    INDEX idx_async_task_audit_user (username, id),
    -- one action's records, newest first: WHERE action = ? ORDER BY id DESC
    INDEX idx_async_task_audit_action (action, id),
    -- a task's records: who submitted it
    INDEX idx_async_task_audit_task (task_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

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

-- the recent starts of each rate-limited type, one row per start, written by the claim that starts the task
-- (started_at is the task's); a claim counts those of its window and prunes those older than it
CREATE TABLE system_async_task_start (
    id         BIGINT       NOT NULL AUTO_INCREMENT,
    task_type  VARCHAR(100) NOT NULL,
    task_id    BIGINT       NOT NULL,
    started_at DATETIME(3)  NOT NULL,
    PRIMARY KEY (id),
    -- a type's window: WHERE task_type = ? AND started_at > ?, read from the index alone
    INDEX idx_async_task_start_window (task_type, started_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- task_id waits for depends_on_id; released: the dependency's end has counted the dependent down (once)
CREATE TABLE system_async_task_dependency (
    depends_on_id BIGINT  NOT NULL,
    task_id       BIGINT  NOT NULL,
    released      BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (depends_on_id, task_id),
    -- a task's dependencies; retention
    INDEX idx_async_task_dependency_task (task_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
