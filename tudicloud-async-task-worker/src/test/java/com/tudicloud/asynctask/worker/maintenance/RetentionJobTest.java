package com.tudicloud.asynctask.worker.maintenance;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import com.tudicloud.asynctask.worker.RetentionConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** Retention on the real database: what it deletes, who may run it, and that claims go on meanwhile. */
class RetentionJobTest {

    private final TestDatabase db = TestDatabase.get();
    private final MyBatisStores stores = MyBatisStores.create(db.dataSource());
    private final TaskRows rows = new TaskRows(db.dataSource());
    private RetentionConfig settings = RetentionConfig.DEFAULTS;

    @BeforeEach
    void emptyTable() {
        db.deleteAllTasks();
        db.execute("UPDATE system_async_task_lock SET locked_by = NULL, locked_until = NULL");
        settings = RetentionConfig.DEFAULTS.withBatches(100, Duration.ZERO, RetentionConfig.DEFAULTS.maxBatches());
    }

    @Test
    void deletesOnlyFinishedTasksOlderThanTheirStatussAge() throws Exception {
        finished("SUCCESS", 250, Duration.ofDays(8));
        finished("SUCCESS", 5, Duration.ofDays(6));
        finished("FAILED", 7, Duration.ofDays(31));
        finished("FAILED", 3, Duration.ofDays(29));
        finished("CANCELLED", 2, Duration.ofDays(40));
        stores.taskStore().insert(List.of(new NewTask("job", null, 0, 0, 3, null, null)));   // queued
        rows.jdbc().update("UPDATE system_async_task SET create_time = TIMESTAMPADD(DAY, -90, NOW(3))");

        Map<TaskStatus, Integer> deleted = job("a").prune();

        assertThat(deleted).containsEntry(TaskStatus.SUCCESS, 250).containsEntry(TaskStatus.FAILED, 7)
                .containsEntry(TaskStatus.CANCELLED, 2);
        assertThat(rows.count("SUCCESS")).isEqualTo(5);
        assertThat(rows.count("FAILED")).isEqualTo(3);
        assertThat(rows.count("CANCELLED")).isZero();
        assertThat(rows.count("QUEUED")).isEqualTo(1);
    }

    @Test
    void onlyTheHolderOfTheRetentionLockRunsARound() throws Exception {
        finished("SUCCESS", 10, Duration.ofDays(8));
        assertThat(stores.fleetLocks().tryAcquire(RetentionJob.LOCK, "b", Duration.ofMinutes(1))).isTrue();

        assertThat(job("a").prune()).as("while b holds the lock").isEmpty();
        assertThat(rows.count("SUCCESS")).isEqualTo(10);

        stores.fleetLocks().release(RetentionJob.LOCK, "b");
        assertThat(job("a").prune()).containsEntry(TaskStatus.SUCCESS, 10);
        assertThat(stores.fleetLocks().tryAcquire(RetentionJob.LOCK, "b", Duration.ofMinutes(1)))
                .as("a released it after its round").isTrue();
    }

    @Test
    void anExpiredLockIsFreeForTheNextWorker() {
        assertThat(stores.fleetLocks().tryAcquire(RetentionJob.LOCK, "dead", Duration.ofMillis(1))).isTrue();
        db.execute("UPDATE system_async_task_lock SET locked_until = TIMESTAMPADD(SECOND, -1, NOW(3)) WHERE name = 'retention'");

        assertThat(stores.fleetLocks().tryAcquire(RetentionJob.LOCK, "alive", Duration.ofMinutes(1))).isTrue();
        assertThat(stores.fleetLocks().tryAcquire(RetentionJob.LOCK, "dead", Duration.ofMinutes(1))).isFalse();
    }

    /**
     * 64,000 finished rows (-Dretention.doublings=10 for 1,024,000) pruned in batches while another
     * connection keeps claiming and completing new tasks with a one-second lock wait timeout: no claim
     * ever waits for retention's locks. Prints the figures; asserts only what must hold.
     */
    @Test
    void pruningABigTableNeverBlocksClaims() throws Exception {
        int doublings = Integer.getInteger("retention.doublings", 6);
        int rowsToPrune = 1000 << doublings;
        finished("SUCCESS", 1000, Duration.ofDays(8));
        for (int i = 0; i < doublings; i++) {   // doubles the finished rows each time
            rows.jdbc().update("""
                    INSERT INTO system_async_task (task_type, status, priority, available_at, attempt_count, max_attempts,
                        lease_token, create_time, update_time, finished_at)
                    SELECT task_type, status, priority, available_at, attempt_count, max_attempts, lease_token,
                        create_time, update_time, finished_at
                    FROM system_async_task WHERE status = 'SUCCESS'""");
        }
        assertThat(rows.count("SUCCESS")).isEqualTo(rowsToPrune);
        settings = settings.withBatches(1000, settings.batchPause(), 2000);

        AtomicBoolean pruning = new AtomicBoolean(true);
        AtomicInteger claimed = new AtomicInteger();
        AtomicLong slowestClaimNanos = new AtomicLong();
        AtomicReference<Throwable> claimFailure = new AtomicReference<>();
        try (HikariDataSource impatient = db.newDataSource(2, "sessionVariables=innodb_lock_wait_timeout=1")) {
            MyBatisStores claimer = MyBatisStores.create(impatient);
            Thread claims = new Thread(() -> claimWhile(pruning, claimer, claimed, slowestClaimNanos, claimFailure));
            claims.start();

            long started = System.nanoTime();
            Map<TaskStatus, Integer> deleted = job("a").prune();
            long tookMillis = Duration.ofNanos(System.nanoTime() - started).toMillis();
            pruning.set(false);
            claims.join();

            System.out.printf("RETENTION pruned=%d took_ms=%d claims_meanwhile=%d slowest_claim_ms=%d%n",
                    deleted.get(TaskStatus.SUCCESS), tookMillis, claimed.get(),
                    Duration.ofNanos(slowestClaimNanos.get()).toMillis());
            assertThat(deleted).containsEntry(TaskStatus.SUCCESS, rowsToPrune);
        }
        assertThat(claimFailure.get()).as("a claim failed during retention").isNull();
        assertThat(claimed.get()).as("claims made while retention ran").isPositive();
        assertThat(rows.count("SUCCESS")).as("only the tasks claimed meanwhile are left").isEqualTo(claimed.get());
    }

    private static void claimWhile(AtomicBoolean pruning, MyBatisStores stores, AtomicInteger claimed,
                                   AtomicLong slowestClaimNanos, AtomicReference<Throwable> failure) {
        LeaseStore leases = stores.leaseStore();
        try {
            while (pruning.get()) {
                stores.taskStore().insert(List.of(new NewTask("fresh", null, 0, 0, 3, null, null)));
                long started = System.nanoTime();
                var batch = leases.claim(new ClaimRequest("claimer", Set.of("fresh"), 10, Duration.ofMillis(60_000), ConcurrencyLimits.NONE));
                slowestClaimNanos.accumulateAndGet(System.nanoTime() - started, Math::max);
                leases.complete("claimer", batch.stream()
                        .map(t -> com.tudicloud.asynctask.api.spi.Completion.succeeded(t.id(), t.leaseToken(), null)).toList());
                claimed.addAndGet(batch.size());
            }
        } catch (Throwable t) {
            failure.set(t);
        }
    }

    private RetentionJob job(String owner) {
        return new RetentionJob(owner, settings, stores.adminStore(), stores.fleetLocks(), AsyncTaskMetrics.NONE);
    }

    private void finished(String status, int count, Duration ago) {
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            tasks.add(new NewTask("job", null, 0, 0, 3, null, null));
        }
        stores.taskStore().insert(tasks);
        rows.jdbc().update("UPDATE system_async_task SET status = ?, finished_at = TIMESTAMPADD(SECOND, ?, NOW(3)) "
                + "WHERE status = 'QUEUED'", status, -ago.toSeconds());
    }
}
