package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseRenewal;
import com.tudicloud.asynctask.api.spi.LeaseState;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.RecoveryBatch;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The store under real contention: threads with a connection pool each, as separate workers have. */
class ConcurrentLeaseStoreTest {

    private static final int THREADS = 6;

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    private final List<HikariDataSource> pools = new ArrayList<>();
    private ExecutorService threads;

    @BeforeEach
    void setUp() {
        db.deleteAllTasks();
        threads = Executors.newFixedThreadPool(THREADS);
    }

    @AfterEach
    void tearDown() {
        threads.shutdownNow();
        pools.forEach(HikariDataSource::close);
    }

    @Test
    void racingClaimersNeverClaimOneTaskTwice() throws Exception {
        insert(2_000, 3);
        Map<Long, String> holders = new ConcurrentHashMap<>();
        AtomicInteger doubleClaims = new AtomicInteger();

        List<Callable<Integer>> claimers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            String worker = "w" + t;
            LeaseStore store = storeWithOwnPool();
            claimers.add(() -> {
                int claimedHere = 0;
                while (true) {
                    List<ClaimedTask> batch = store.claim(new ClaimRequest(worker, Set.of("job"), 10, Duration.ofMillis(60_000), ConcurrencyLimits.NONE));
                    if (batch.isEmpty()) {
                        return claimedHere;
                    }
                    for (ClaimedTask task : batch) {
                        if (holders.putIfAbsent(task.id(), worker) != null) {
                            doubleClaims.incrementAndGet();
                        }
                    }
                    claimedHere += batch.size();
                    store.complete(worker, batch.stream().map(t2 -> Completion.succeeded(t2.id(), t2.leaseToken(), null)).toList());
                }
            });
        }
        int claimed = sum(threads.invokeAll(claimers));

        assertThat(doubleClaims).hasValue(0);
        assertThat(claimed).isEqualTo(2_000);
        assertThat(holders).hasSize(2_000);
        assertThat(Set.copyOf(holders.values())).as("claimers that got work").hasSizeGreaterThan(1);
        assertThat(rows.count("SUCCESS")).isEqualTo(2_000);
    }

    @Test
    void racingRecoverersRecoverEachExpiredTaskExactlyOnce() throws Exception {
        insert(250, 1);   // no attempt left after the first: recovery fails them
        insert(250, 3);   // attempts left: recovery requeues them
        LeaseStore dead = MyBatisStores.create(db.dataSource()).leaseStore();
        while (!dead.claim(new ClaimRequest("dead", Set.of("job"), 100, Duration.ofMillis(60_000), ConcurrencyLimits.NONE)).isEmpty()) {
            // the dead worker holds every task
        }
        rows.jdbc().update("UPDATE system_async_task SET lease_until = TIMESTAMPADD(SECOND, -5, NOW(3))");

        List<Callable<RecoveryBatch>> recoverers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            LeaseStore store = storeWithOwnPool();
            recoverers.add(() -> {
                int requeued = 0;
                int failed = 0;
                while (true) {
                    RecoveryBatch batch = store.recoverExpiredLeases("test-recoverer", 20);
                    if (batch.examined() == 0) {
                        return new RecoveryBatch(0, requeued, failed, 0, List.of());
                    }
                    requeued += batch.requeued();
                    failed += batch.failed();
                }
            });
        }
        int requeued = 0;
        int failed = 0;
        for (Future<RecoveryBatch> result : threads.invokeAll(recoverers)) {
            requeued += result.get().requeued();
            failed += result.get().failed();
        }

        assertThat(requeued).isEqualTo(250);
        assertThat(failed).isEqualTo(250);
        assertThat(rows.count("QUEUED")).isEqualTo(250);
        assertThat(rows.count("FAILED")).isEqualTo(250);
    }

    /** A lock wait timeout (MySQL error 1205) on renewal is retried, not thrown at the heartbeat. */
    @Test
    void aLockWaitTimeoutIsRetried() throws Exception {
        insert(1, 3);
        try (HikariDataSource impatient = db.newDataSource(2, "sessionVariables=innodb_lock_wait_timeout=1")) {
            LeaseStore store = MyBatisStores.create(impatient).leaseStore();
            ClaimedTask task = store.claim(new ClaimRequest("w", Set.of("job"), 1, Duration.ofMillis(60_000), ConcurrencyLimits.NONE)).get(0);
            CountDownLatch locked = new CountDownLatch(1);
            Future<?> blocker = threads.submit(() -> holdRowLock(task.id(), locked, 1_600));
            assertThat(locked.await(10, TimeUnit.SECONDS)).isTrue();

            long started = System.nanoTime();
            Map<Long, LeaseState> states = store.renew("w", List.of(new LeaseRenewal(task.id(), task.leaseToken(), null, null)), Duration.ofMillis(60_000));
            long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

            blocker.get(10, TimeUnit.SECONDS);
            assertThat(states).containsEntry(task.id(), LeaseState.HELD);
            assertThat(waitedMillis).as("at least one 1 s lock wait timed out before the retry got through")
                    .isGreaterThanOrEqualTo(1_000);
        }
    }

    private Void holdRowLock(long taskId, CountDownLatch locked, long millis) throws Exception {
        try (Connection connection = db.dataSource().getConnection(); Statement statement = connection.createStatement()) {
            connection.setAutoCommit(false);
            statement.executeQuery("SELECT id FROM system_async_task WHERE id = " + taskId + " FOR UPDATE").close();
            locked.countDown();
            Thread.sleep(millis);
            connection.rollback();
        }
        return null;
    }

    private LeaseStore storeWithOwnPool() {
        HikariDataSource pool = db.newDataSource(2);
        pools.add(pool);
        return MyBatisStores.create(pool).leaseStore();
    }

    private void insert(int count, int maxAttempts) {
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            tasks.add(new NewTask("job", null, i % 3, 0, maxAttempts, null, null));
        }
        MyBatisStores.create(db.dataSource()).taskStore().insert(tasks);
    }

    private static int sum(List<Future<Integer>> results) throws Exception {
        int sum = 0;
        for (Future<Integer> result : results) {
            sum += result.get();
        }
        return sum;
    }
}
