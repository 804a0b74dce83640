package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fair claims under real contention: threads with a connection pool each, as separate workers have, drain a fair
 * type whose big key's backlog is first in claim order beside many small keys and tasks without a key. No task is
 * claimed twice, and every key progresses while the big key's backlog waits.
 */
class FairClaimTest {

    private static final String TYPE = "fair.export";
    private static final ConcurrencyLimits FAIR = new ConcurrencyLimits(0, Map.of(), Map.of(), Map.of(), Set.of(TYPE));
    private static final Duration LEASE = Duration.ofMinutes(1);
    private static final int CLAIMERS = 6;

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    private final List<HikariDataSource> pools = new ArrayList<>();
    private ExecutorService threads;

    @BeforeEach
    void setUp() {
        db.deleteAllTasks();
        threads = Executors.newFixedThreadPool(CLAIMERS);
    }

    @AfterEach
    void tearDown() {
        threads.shutdownNow();
        pools.forEach(HikariDataSource::close);
    }

    @Test
    void racingFairClaimersClaimEachTaskOnceAndEveryKeyProgresses() throws Exception {
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            tasks.add(keyed("big"));
        }
        for (int key = 0; key < 50; key++) {
            for (int i = 0; i < 2; i++) {
                tasks.add(keyed("small-%02d".formatted(key)));
            }
        }
        for (int i = 0; i < 20; i++) {
            tasks.add(new NewTask(TYPE, "{}", 0, 0, 3, null, null));
        }
        MyBatisStores.create(db.dataSource()).taskStore().insert(tasks);

        ConcurrentLinkedQueue<Long> claimedIds = new ConcurrentLinkedQueue<>();
        List<Callable<Void>> claimers = new ArrayList<>();
        for (int t = 0; t < CLAIMERS; t++) {
            String worker = "w" + t;
            LeaseStore store = storeWithOwnPool();
            claimers.add(() -> {
                drain(store, worker, claimedIds);
                return null;
            });
        }
        for (Future<Void> result : threads.invokeAll(claimers)) {
            result.get();
        }

        assertThat(claimedIds).hasSize(tasks.size()).doesNotHaveDuplicates();
        assertThat(rows.count("SUCCESS")).isEqualTo(tasks.size());
        assertThat(rows.jdbc().queryForObject("SELECT MAX(attempt_count) FROM system_async_task", Integer.class))
                .as("no task was claimed twice").isEqualTo(1);
        assertThat(finished("MAX", "small-%")).as("the small keys ran while the big key's backlog waited")
                .isBefore(finished("MAX", "big"));
        assertThat(finished("MIN", "big")).as("and the big key had its turns among them")
                .isBefore(finished("MAX", "small-%"));
    }

    /** Claims batches of 4 and completes each before the next claim, until a claim finds nothing. */
    private static void drain(LeaseStore store, String worker, ConcurrentLinkedQueue<Long> claimedIds) {
        while (true) {
            List<ClaimedTask> batch = store.claim(new ClaimRequest(worker, Set.of(TYPE), 4, LEASE, FAIR));
            if (batch.isEmpty()) {
                return;
            }
            batch.forEach(task -> claimedIds.add(task.id()));
            store.complete(worker, batch.stream().map(t -> Completion.succeeded(t.id(), t.leaseToken(), null)).toList());
        }
    }

    private java.sql.Timestamp finished(String which, String keyPattern) {
        return rows.jdbc().queryForObject("SELECT " + which + "(finished_at) FROM system_async_task WHERE task_key LIKE ?",
                java.sql.Timestamp.class, keyPattern);
    }

    private static NewTask keyed(String key) {
        return new NewTask(TYPE, "{}", 0, 0, 3, null, null, key, null);
    }

    private LeaseStore storeWithOwnPool() {
        HikariDataSource pool = db.newDataSource(2);
        pools.add(pool);
        return MyBatisStores.create(pool).leaseStore();
    }
}
