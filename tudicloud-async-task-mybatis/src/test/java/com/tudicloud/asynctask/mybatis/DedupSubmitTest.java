package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.SubmittedTask;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseRenewal;
import com.tudicloud.asynctask.api.spi.LeaseState;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.TaskStore;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Submits with a dedup key inside a business service's own transaction, on the real database: they
 * keep their meaning (one key, one task) and never lock a row that a lease holder writes.
 */
class DedupSubmitTest {

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    private final List<HikariDataSource> pools = new ArrayList<>();
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @BeforeEach
    void emptyTable() {
        db.deleteAllTasks();
    }

    @AfterEach
    void tearDown() {
        threads.shutdownNow();
        pools.forEach(HikariDataSource::close);
    }

    /**
     * A business transaction resubmits the key of a task that a worker is running and stays open; the
     * worker's renewal (one statement for all its leases) must not wait for it. Its lock wait timeout is
     * one second, so a renewal that waited would fail each of its retries.
     */
    @Test
    void aResubmitInAnOpenBusinessTransactionDoesNotHoldUpTheHoldersRenewal() throws Exception {
        Service service = storesOnOwnPool("");
        long id = service.taskStore().insert(List.of(task("order-7"))).get(0).taskId();
        LeaseStore worker = storesOnOwnPool("sessionVariables=innodb_lock_wait_timeout=1").leaseStore();
        ClaimedTask held = worker.claim(new ClaimRequest("w", Set.of("mail"), 1, Duration.ofMillis(60_000), ConcurrencyLimits.NONE)).get(0);

        CountDownLatch resubmitted = new CountDownLatch(1);
        CountDownLatch renewalDone = new CountDownLatch(1);
        Future<SubmittedTask> business = threads.submit(() -> inTransaction(service, TransactionDefinition.ISOLATION_REPEATABLE_READ, () -> {
            SubmittedTask again = service.taskStore().insert(List.of(task("order-7"))).get(0);
            resubmitted.countDown();
            // the business transaction stays open until the renewal is over (or for 20 s)
            renewalDone.await(20, TimeUnit.SECONDS);
            return again;
        }));
        assertThat(resubmitted.await(10, TimeUnit.SECONDS)).isTrue();

        Map<Long, LeaseState> states;
        try {
            states = worker.renew("w", List.of(new LeaseRenewal(held.id(), held.leaseToken(), null, null)), Duration.ofMillis(60_000));
        } finally {
            renewalDone.countDown();
        }

        assertThat(states).containsEntry(id, LeaseState.HELD);
        assertThat(business.get(20, TimeUnit.SECONDS)).isEqualTo(new SubmittedTask(id, false));
        assertThat(rows.status(id)).isEqualTo("RUNNING");
    }

    /**
     * Each submitter reads first, so its REPEATABLE READ snapshot predates every insert of the key;
     * the one that loses the race must still find the winner's task, not its own snapshot's nothing.
     */
    @Test
    void racingSubmitsOfOneKeyInRepeatableReadTransactionsMakeOneTask() throws Exception {
        int submitters = 6;
        CyclicBarrier start = new CyclicBarrier(submitters);
        List<Callable<SubmittedTask>> racers = new ArrayList<>();
        for (int i = 0; i < submitters; i++) {
            Service service = storesOnOwnPool("");
            racers.add(() -> inTransaction(service, TransactionDefinition.ISOLATION_REPEATABLE_READ, () -> {
                assertThat(service.taskStore().findByOwner("u1", List.of(), 10)).isEmpty();   // the snapshot starts here
                start.await(10, TimeUnit.SECONDS);
                return service.taskStore().insert(List.of(task("order-9"))).get(0);
            }));
        }

        List<SubmittedTask> results = new ArrayList<>();
        for (Future<SubmittedTask> result : threads.invokeAll(racers)) {
            results.add(result.get(30, TimeUnit.SECONDS));
        }

        assertThat(results).extracting(SubmittedTask::taskId).containsOnly(results.get(0).taskId());
        assertThat(results).filteredOn(SubmittedTask::created).hasSize(1);
        assertThat(rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task", Long.class)).isEqualTo(1);
    }

    private interface Work<T> {
        T run() throws Exception;
    }

    /** A service's stores on a pool of its own. */
    private record Service(HikariDataSource pool, TaskStore taskStore, LeaseStore leaseStore) {
    }

    private static <T> T inTransaction(Service service, int isolation, Work<T> work) {
        TransactionTemplate business = new TransactionTemplate(new DataSourceTransactionManager(service.pool()));
        business.setIsolationLevel(isolation);
        return business.execute(status -> {
            try {
                return work.run();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private Service storesOnOwnPool(String urlOptions) {
        HikariDataSource pool = urlOptions.isEmpty() ? db.newDataSource(2) : db.newDataSource(2, urlOptions);
        pools.add(pool);
        MyBatisStores stores = MyBatisStores.create(pool);
        return new Service(pool, stores.taskStore(), stores.leaseStore());
    }

    private static NewTask task(String dedupKey) {
        return new NewTask("mail", "{}", 0, 0, 3, "u1", dedupKey);
    }
}
