package com.tudicloud.asynctask.benchmark.scenario;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The bare JDBC reference: what one thread can do with the claim's own SELECT (same columns, WHERE,
 * ORDER BY and LIMIT, FOR UPDATE SKIP LOCKED), the claim's UPDATE to RUNNING and a plain UPDATE to
 * SUCCESS, with no framework around them: one connection held throughout, autocommit off, one
 * commit after the claim and one after the completion, no fencing in the completion.
 */
final class RawClaimLoop {

    private static final String SELECT_BATCH = """
            SELECT id, task_type, payload, attempt_count, max_attempts, owner_id, lease_token, priority,
                   available_at, NOW(3)
            FROM system_async_task
            WHERE status = 'QUEUED' AND available_at <= NOW(3) AND task_type IN (?)
            ORDER BY priority DESC, available_at, id
            LIMIT ?
            FOR UPDATE SKIP LOCKED""";
    private static final String MARK_RUNNING = """
            UPDATE system_async_task
            SET status = 'RUNNING', lease_owner = ?, lease_until = TIMESTAMPADD(MICROSECOND, 60000 * 1000, NOW(3)),
                lease_token = lease_token + 1, attempt_count = attempt_count + 1, progress = NULL,
                progress_message = NULL, started_at = NOW(3), update_time = NOW(3)
            WHERE status = 'QUEUED' AND id IN (%s)""";
    private static final String MARK_SUCCESS = """
            UPDATE system_async_task
            SET status = 'SUCCESS', progress = 100, last_error = NULL, lease_until = NULL, finished_at = NOW(3),
                update_time = NOW(3)
            WHERE id IN (%s)""";

    private final DataSource pool;
    private final String taskType;
    private final int batch;

    RawClaimLoop(DataSource pool, String taskType, int batch) {
        this.pool = pool;
        this.taskType = taskType;
        this.batch = batch;
    }

    /** Claims and completes batches until a claim finds nothing; returns the rows completed. */
    long drain(String owner) throws SQLException {
        long done = 0;
        try (Connection connection = pool.getConnection()) {
            connection.setAutoCommit(false);
            try (PreparedStatement select = connection.prepareStatement(SELECT_BATCH)) {
                select.setString(1, taskType);
                select.setInt(2, batch);
                for (List<Long> ids = lockBatch(select); !ids.isEmpty(); ids = lockBatch(select)) {
                    update(connection, MARK_RUNNING, owner, ids);
                    connection.commit();
                    update(connection, MARK_SUCCESS, null, ids);
                    connection.commit();
                    done += ids.size();
                }
                connection.commit();
            } finally {
                connection.setAutoCommit(true);
            }
        }
        return done;
    }

    private static List<Long> lockBatch(PreparedStatement select) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                ids.add(rows.getLong(1));
            }
        }
        return ids;
    }

    private static void update(Connection connection, String sql, String owner, List<Long> ids) throws SQLException {
        String placeholders = String.join(",", Collections.nCopies(ids.size(), "?"));
        try (PreparedStatement update = connection.prepareStatement(sql.formatted(placeholders))) {
            int p = 1;
            if (owner != null) {
                update.setString(p++, owner);
            }
            for (long id : ids) {
                update.setLong(p++, id);
            }
            update.executeUpdate();
        }
    }
}
