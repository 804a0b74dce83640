package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.BatchState;
import com.tudicloud.asynctask.api.SubmittedBatch;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.CompletionReport;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.testing.RowLocks;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Why the end of a batch looks for a running child with a locking read, shown with two sessions at READ
 * COMMITTED on InnoDB: each ends one of a batch's last two children in its own transaction.
 */
class BatchEndLockingTest {

    /** %s: the index hint, which decides how the statement locks */
    private static final String PLAIN_FINISH = "UPDATE system_async_task_batch %s SET state = 'SUCCEEDED' "
            + "WHERE id = %d AND state = 'OPEN' AND NOT EXISTS (SELECT 1 FROM system_async_task "
            + "WHERE batch_id = %d AND status IN ('SCHEDULED', 'QUEUED', 'RUNNING', 'CANCEL_REQUESTED'))";

    private final TestDatabase db = TestDatabase.get();
    private final JdbcTemplate jdbc = new JdbcTemplate(db.dataSource());
    private HikariDataSource pool;
    private MyBatisStores stores;

    @BeforeEach
    void setUp() {
        db.deleteAllTasks();
        pool = db.newDataSource(4);
        stores = MyBatisStores.create(pool);
    }

    @AfterEach
    void closePool() {
        pool.close();
    }

    /**
     * The guarded UPDATE alone, by primary key, reads the children as a snapshot: each session sees the other's
     * child running, and the batch stays open with every child ended.
     */
    @Test
    void aPlainGuardedUpdateLeavesTheBatchOpenWhenTheLastTwoChildrenEndTogether() throws Exception {
        SubmittedBatch batch = stores.batchStore().insert(BatchStoreTest.batchOf(2));
        List<ClaimedTask> two = claim(2);
        long id = batch.batchId();
        try (Connection first = readCommitted(); Connection second = readCommitted();
             Statement one = first.createStatement(); Statement other = second.createStatement()) {
            one.executeUpdate("UPDATE system_async_task SET status = 'SUCCESS' WHERE id = " + two.get(0).id());
            other.executeUpdate("UPDATE system_async_task SET status = 'SUCCESS' WHERE id = " + two.get(1).id());

            int firstEnded = one.executeUpdate(PLAIN_FINISH.formatted("FORCE INDEX (PRIMARY)", id, id));
            int secondEnded = other.executeUpdate(PLAIN_FINISH.formatted("FORCE INDEX (PRIMARY)", id, id));
            first.commit();
            second.commit();

            assertThat(firstEnded + secondEnded).as("sessions that ended the batch").isZero();
        }
        assertThat(stateOf(id)).isEqualTo("OPEN");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE batch_id = ? AND status <> 'SUCCESS'",
                Long.class, id)).isZero();
    }

    /**
     * Read through idx_async_task_batch_state (the optimizer's choice for "WHERE id = ? AND state = 'OPEN'"), the
     * same statement keeps the index entry of the batch locked even when it changes nothing, so that every end of a
     * child of the batch waits for the commit of the one before: one hot row.
     */
    @Test
    void aPlainGuardedUpdateThroughTheStateIndexSerializesEveryEndOfAChild() throws Exception {
        SubmittedBatch batch = stores.batchStore().insert(BatchStoreTest.batchOf(3));
        List<ClaimedTask> three = claim(3);
        long id = batch.batchId();
        try (Connection first = readCommitted(); Connection second = readCommitted();
             Statement one = first.createStatement(); Statement other = second.createStatement()) {
            one.executeUpdate("UPDATE system_async_task SET status = 'SUCCESS' WHERE id = " + three.get(0).id());
            other.executeUpdate("UPDATE system_async_task SET status = 'SUCCESS' WHERE id = " + three.get(1).id());
            assertThat(one.executeUpdate(PLAIN_FINISH.formatted("FORCE INDEX (idx_async_task_batch_state)", id, id))).isZero();

            CompletableFuture<Integer> waiting = CompletableFuture.supplyAsync(() -> {
                try {
                    return other.executeUpdate(PLAIN_FINISH.formatted("FORCE INDEX (idx_async_task_batch_state)", id, id));
                } catch (java.sql.SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            RowLocks.awaitLockWaitsOr(db.dataSource(), 1, waiting::isDone);
            assertThat(waiting).as("the second end of a child, while the first is not committed").isNotDone();
            first.commit();
            assertThat(waiting.get(30, TimeUnit.SECONDS)).isZero();
            second.commit();
        }
    }

    /**
     * The store's end of a child waits for the other session's uncommitted end instead, and then, seeing it
     * committed, ends the batch.
     */
    @Test
    void theStoresEndOfTheLastChildWaitsForAnotherSessionsUncommittedEndAndThenEndsTheBatch() throws Exception {
        SubmittedBatch batch = stores.batchStore().insert(BatchStoreTest.batchOf(2));
        List<ClaimedTask> two = claim(2);
        try (Connection other = readCommitted(); Statement statement = other.createStatement()) {
            statement.executeUpdate("UPDATE system_async_task SET status = 'SUCCESS', lease_until = NULL WHERE id = "
                    + two.get(0).id());

            CompletableFuture<CompletionReport> last = CompletableFuture.supplyAsync(() -> stores.leaseStore()
                    .complete("w", List.of(BatchStoreTest.outcomeOf(two.get(1), Completion.Outcome.SUCCEEDED))));
            RowLocks.awaitLockWaitsOr(db.dataSource(), 1, last::isDone);
            assertThat(last).as("the end of the last child, while the other's end is not committed").isNotDone();

            other.commit();
            CompletionReport report = last.get(30, TimeUnit.SECONDS);
            assertThat(report.finishedBatches()).extracting(b -> b.state()).containsExactly(BatchState.SUCCEEDED);
        }
        assertThat(stateOf(batch.batchId())).isEqualTo("SUCCEEDED");
    }

    private List<ClaimedTask> claim(int count) {
        List<ClaimedTask> claimed = stores.leaseStore().claim(new ClaimRequest("w", Set.of(BatchStoreTest.CHILD), count,
                BatchStoreTest.LEASE, ConcurrencyLimits.NONE));
        assertThat(claimed).hasSize(count);
        return claimed;
    }

    private Connection readCommitted() throws Exception {
        Connection connection = pool.getConnection();
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED");
        }
        connection.setAutoCommit(false);
        return connection;
    }

    private String stateOf(long batchId) {
        return jdbc.queryForObject("SELECT state FROM system_async_task_batch WHERE id = ?", String.class, batchId);
    }
}
