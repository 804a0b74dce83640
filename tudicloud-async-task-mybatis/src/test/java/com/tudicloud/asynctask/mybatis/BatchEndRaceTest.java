package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.BatchCallback;
import com.tudicloud.asynctask.api.BatchState;
import com.tudicloud.asynctask.api.SubmittedBatch;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.FinishedBatch;
import com.tudicloud.asynctask.api.spi.NewBatch;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many workers (threads with a pool each, on the real database) end the last children of one batch at the same
 * moment, round after round, some of them failing: each batch ends exactly once, with exactly one callback per
 * outcome, none before every child ended (a watcher checks that in one statement, all the while), and nothing is
 * left for the repair pass.
 */
class BatchEndRaceTest {

    private static final int WORKERS = 6;
    private static final int PER_WORKER = 3;
    private static final int ROUNDS = 25;

    private final TestDatabase db = TestDatabase.get();
    private final JdbcTemplate jdbc = new JdbcTemplate(db.dataSource());
    private final List<HikariDataSource> pools = new ArrayList<>();
    private ExecutorService threads;

    @BeforeEach
    void setUp() {
        db.deleteAllTasks();
        threads = Executors.newFixedThreadPool(WORKERS + 1);
    }

    @AfterEach
    void tearDown() {
        threads.shutdownNow();
        pools.forEach(HikariDataSource::close);
    }

    @Test
    void theLastChildrenEndingTogetherEndTheBatchOnceWithOneCallbackPerOutcome() throws Exception {
        long seed = System.nanoTime();
        System.out.println("BatchEndRaceTest seed=" + seed);
        Random random = new Random(seed);
        List<MyBatisStores> workers = IntStream.range(0, WORKERS).mapToObj(i -> {
            HikariDataSource pool = db.newDataSource(2);
            pools.add(pool);
            return MyBatisStores.create(pool);
        }).toList();
        AtomicBoolean racing = new AtomicBoolean(true);
        AtomicLong earlyCallbacks = new AtomicLong();
        Future<?> watcher = threads.submit(() -> {
            while (racing.get()) {
                earlyCallbacks.addAndGet(callbacksBeforeTheirBatchEnded());
            }
        });
        ConcurrentLinkedQueue<FinishedBatch> ended = new ConcurrentLinkedQueue<>();
        List<Long> batches = new ArrayList<>();
        int failingRounds = 0;

        for (int round = 0; round < ROUNDS; round++) {
            boolean failing = random.nextInt(3) == 0;
            failingRounds += failing ? 1 : 0;
            SubmittedBatch batch = workers.get(0).batchStore().insert(BatchStoreTest.batchOf(WORKERS * PER_WORKER));
            batches.add(batch.batchId());
            List<List<ClaimedTask>> shares = new ArrayList<>();
            for (int w = 0; w < WORKERS; w++) {
                shares.add(workers.get(w).leaseStore().claim(new ClaimRequest("w" + w, Set.of(BatchStoreTest.CHILD),
                        PER_WORKER, BatchStoreTest.LEASE, ConcurrencyLimits.NONE)));
            }
            int failer = random.nextInt(WORKERS);
            CyclicBarrier start = new CyclicBarrier(WORKERS);
            List<Future<?>> writes = new ArrayList<>();
            for (int w = 0; w < WORKERS; w++) {
                int worker = w;
                writes.add(threads.submit(() -> {
                    List<Completion> outcomes = shares.get(worker).stream().map(task -> BatchStoreTest.outcomeOf(task,
                            failing && worker == failer ? Completion.Outcome.FAILED : Completion.Outcome.SUCCEEDED))
                            .toList();
                    start.await(30, TimeUnit.SECONDS);
                    ended.addAll(workers.get(worker).leaseStore().complete("w" + worker, outcomes).finishedBatches());
                    return null;
                }));
            }
            for (Future<?> write : writes) {
                write.get(60, TimeUnit.SECONDS);
            }
        }
        racing.set(false);
        watcher.get(30, TimeUnit.SECONDS);

        assertThat(ended).as("batch ends reported").hasSize(ROUNDS);
        assertThat(ended.stream().map(FinishedBatch::batchId).distinct().count()).isEqualTo(ROUNDS);
        assertThat(ended.stream().filter(b -> b.state() == BatchState.FAILED).count()).isEqualTo(failingRounds);
        for (long batchId : batches) {
            Map<String, Long> callbacks = callbacksOf(batchId);
            String state = jdbc.queryForObject("SELECT state FROM system_async_task_batch WHERE id = ?", String.class, batchId);
            if ("FAILED".equals(state)) {
                assertThat(callbacks).as("callbacks of failed batch " + batchId)
                        .containsExactlyInAnyOrderEntriesOf(Map.of("on.failure", 1L, "on.complete", 1L));
            } else {
                assertThat(state).isEqualTo("SUCCEEDED");
                assertThat(callbacks).as("callbacks of batch " + batchId)
                        .containsExactlyInAnyOrderEntriesOf(Map.of("on.success", 1L, "on.complete", 1L));
            }
        }
        assertThat(earlyCallbacks.get()).as("callbacks seen while a child of their batch could still run").isZero();
        assertThat(workers.get(0).batchStore().repairFinished(1000)).as("batches left for the repair").isEmpty();
        System.out.println("BatchEndRaceTest rounds=" + ROUNDS + " failing=" + failingRounds + " children="
                + ROUNDS * WORKERS * PER_WORKER + " callbacks=" + jdbc.queryForObject(
                "SELECT COUNT(*) FROM system_async_task WHERE task_type LIKE 'on.%'", Long.class));
    }

    /** In one statement (one snapshot): callback tasks whose batch still has a child that can run. */
    private long callbacksBeforeTheirBatchEnded() {
        return jdbc.queryForObject("""
                SELECT COUNT(*) FROM system_async_task cb
                JOIN system_async_task_batch b ON cb.dedup_key LIKE CONCAT('batch:', b.id, ':%')
                WHERE cb.task_type LIKE 'on.%'
                  AND EXISTS (SELECT 1 FROM system_async_task c WHERE c.batch_id = b.id
                              AND c.status IN ('SCHEDULED', 'QUEUED', 'RUNNING', 'CANCEL_REQUESTED'))""", Long.class);
    }

    private Map<String, Long> callbacksOf(long batchId) {
        Map<String, Long> counts = new java.util.HashMap<>();
        jdbc.queryForList("SELECT task_type FROM system_async_task WHERE dedup_key LIKE ?", String.class,
                "batch:" + batchId + ":%").forEach(type -> counts.merge(type, 1L, Long::sum));
        return counts;
    }
}
