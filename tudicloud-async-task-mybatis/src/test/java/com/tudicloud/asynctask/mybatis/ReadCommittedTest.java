package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseRenewal;
import com.tudicloud.asynctask.api.spi.LeaseState;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.testing.RowLocks;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Retention, renewal and completions run at READ COMMITTED even on a pool whose default is REPEATABLE
 * READ (MySQL's and MariaDB's): so they take no gap locks, and a statement that waits for one row does
 * not keep rows it did not change locked meanwhile. Each case is forced with a session that holds a
 * row, on the real database.
 */
class ReadCommittedTest {

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    private final List<HikariDataSource> pools = new ArrayList<>();
    private final ExecutorService threads = Executors.newFixedThreadPool(2);

    @BeforeEach
    void emptyTable() {
        db.deleteAllTasks();
    }

    @AfterEach
    void tearDown() {
        threads.shutdownNow();
        pools.forEach(HikariDataSource::close);
    }

    @Test
    void thePoolOfTheseTestsIsAtRepeatableRead() {
        assertThat(new JdbcTemplate(pool()).queryForObject("SELECT @@tx_isolation", String.class))
                .isEqualTo("REPEATABLE-READ");
    }

    /**
     * The retention DELETE walks idx_async_task_finished. At REPEATABLE READ it would lock the gaps
     * between the rows it deletes, and a task finishing into such a gap would wait for the DELETE.
     */
    @Test
    void theRetentionDeleteTakesNoGapLocks() throws Exception {
        MyBatisStores stores = MyBatisStores.create(pool());
        stores.taskStore().insert(java.util.Collections.nCopies(300, task()));   // a table where the index range pays
        long base = rows.jdbc().queryForObject("SELECT MAX(id) FROM system_async_task", Long.class);
        // ids with room between them: the gaps are gaps in the primary key too, whichever way the DELETE walks
        finishedTask(base + 10, TimeUnit.DAYS.toHours(10));
        finishedTask(base + 20, TimeUnit.DAYS.toHours(9));
        finishedTask(base + 30, TimeUnit.DAYS.toHours(8));

        try (RowLocks blocker = RowLocks.holdTaskRows(db.dataSource(), base + 30)) {
            Future<Integer> deleting = threads.submit(() ->
                    stores.adminStore().deleteFinished(TaskStatus.FAILED, Duration.ofDays(1), 100));
            RowLocks.awaitLockWaits(db.dataSource(), 1);   // it deleted the first two and waits for the third

            HikariDataSource impatient = db.newDataSource(1, "sessionVariables=innodb_lock_wait_timeout=1");
            pools.add(impatient);
            // a row between the two deleted ones, by id and by finish time: in the gaps the DELETE walked past
            insertFinished(new JdbcTemplate(impatient), base + 15, 9 * 24 + 12);

            blocker.close();
            assertThat(deleting.get(60, TimeUnit.SECONDS)).isEqualTo(3);
            assertThat(rows.status(base + 15)).isEqualTo("FAILED");
        }
    }

    /**
     * A worker's renewal that waits for one row (another transaction holds it) must not hold a row whose
     * lease it has lost: the new holder's heartbeat would wait for it.
     */
    @Test
    void aRenewalThatWaitsHoldsNoRowItDidNotRenew() throws Exception {
        LeasePair pair = leasePairWithATakenOver();
        assertNewHolderIsNotHeldUpWhile(pair, () -> pair.old.store.leaseStore().renew("old",
                List.of(renewal(pair.oldLease), renewal(pair.stillHeld)), Duration.ofMillis(60_000)));
    }

    /** The same for a completion of successes, a single statement outside any transaction. */
    @Test
    void aCompletionThatWaitsHoldsNoRowItDidNotWrite() throws Exception {
        LeasePair pair = leasePairWithATakenOver();
        assertNewHolderIsNotHeldUpWhile(pair, () -> pair.old.store.leaseStore().complete("old", List.of(
                Completion.succeeded(pair.oldLease.id(), pair.oldLease.leaseToken(), null),
                Completion.succeeded(pair.stillHeld.id(), pair.stillHeld.leaseToken(), null))));
    }

    private record Worker(MyBatisStores store) {
    }

    /** Worker "old" holds two tasks; the lease of the lower one expired and worker "new" holds that task now. */
    private record LeasePair(Worker old, Worker fresh, ClaimedTask oldLease, ClaimedTask stillHeld, ClaimedTask newLease) {
    }

    private LeasePair leasePairWithATakenOver() {
        Worker old = new Worker(MyBatisStores.create(pool()));
        Worker fresh = new Worker(MyBatisStores.create(pool()));
        old.store.taskStore().insert(List.of(task(), task()));
        List<ClaimedTask> held = new ArrayList<>(old.store.leaseStore().claim(claim("old", 2)));
        held.sort(Comparator.comparingLong(ClaimedTask::id));
        rows.expireLease(held.get(0).id());
        assertThat(old.store.leaseStore().recoverExpiredLeases("test-recoverer", 10).requeued()).isEqualTo(1);
        ClaimedTask taken = fresh.store.leaseStore().claim(claim("new", 1)).get(0);
        assertThat(taken.id()).isEqualTo(held.get(0).id());
        return new LeasePair(old, fresh, held.get(0), held.get(1), taken);
    }

    private void assertNewHolderIsNotHeldUpWhile(LeasePair pair, Supplier<?> oldWorkersWrite) throws Exception {
        try (RowLocks blocker = RowLocks.holdTaskRows(db.dataSource(), pair.stillHeld.id())) {
            Future<?> waiting = threads.submit(oldWorkersWrite::get);
            RowLocks.awaitLockWaits(db.dataSource(), 1);

            Future<Map<Long, LeaseState>> newHolder = threads.submit(() -> pair.fresh.store.leaseStore()
                    .renew("new", List.of(renewal(pair.newLease)), Duration.ofMillis(60_000)));

            assertThat(newHolder.get(10, TimeUnit.SECONDS)).containsEntry(pair.newLease.id(), LeaseState.HELD);
            assertThat(waiting.isDone()).as("the old worker's statement still waits for the held row").isFalse();
            blocker.close();
            waiting.get(60, TimeUnit.SECONDS);
        }
    }

    private HikariDataSource pool() {
        HikariDataSource pool = db.newDataSource(2);
        pools.add(pool);
        return pool;
    }

    private void finishedTask(long id, long hoursAgo) {
        insertFinished(rows.jdbc(), id, hoursAgo);
    }

    private static void insertFinished(JdbcTemplate jdbc, long id, long hoursAgo) {
        jdbc.update("""
                INSERT INTO system_async_task (id, task_type, status, available_at, lease_token, create_time, update_time,
                                               finished_at)
                VALUES (?, 'job', 'FAILED', NOW(3), 0, NOW(3), NOW(3), TIMESTAMPADD(HOUR, ?, NOW(3)))""",
                id, -hoursAgo);
    }

    private static NewTask task() {
        return new NewTask("job", null, 0, 0, 3, null, null);
    }

    private static ClaimRequest claim(String worker, int max) {
        return new ClaimRequest(worker, Set.of("job"), max, Duration.ofMillis(60_000), ConcurrencyLimits.NONE);
    }

    private static LeaseRenewal renewal(ClaimedTask task) {
        return new LeaseRenewal(task.id(), task.leaseToken(), null, null);
    }
}
