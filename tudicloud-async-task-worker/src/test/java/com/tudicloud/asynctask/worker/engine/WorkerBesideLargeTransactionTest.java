package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.TaskEventMode;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.LargeOpenTransaction;
import com.tudicloud.asynctask.testing.LargeOpenTransaction.Rows;
import com.tudicloud.asynctask.testing.PrivateMariaDb;
import com.tudicloud.asynctask.testing.SchemaScripts;
import com.tudicloud.asynctask.worker.metrics.MicrometerAsyncTaskMetrics;
import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A busy worker for a minute beside another session's open transaction of a million uncommitted task rows,
 * on a private MariaDB with InnoDB's default 128 MB buffer pool, as a service's bulk submit or a data
 * migration would hold them: queued tasks of other types, delayed ones and finished ones. The worker claims
 * a trickle of its own tasks and recovers expired leases all along. A claim or a recovery round that stepped
 * on those rows with a locking read would turn each into an explicit lock of the open transaction, and the
 * server aborts once the lock heaps fill the buffer pool; here the open transaction must hold no lock at any
 * sample, the server must stay up, and the worker must finish every task of its own.
 */
class WorkerBesideLargeTransactionTest {

    private static final String TYPE = "own.work";
    private static final Duration BUSY_FOR = Duration.ofSeconds(60);
    /** A walk over the open rows costs about three page reads per row; a statement of the worker, tens. */
    private static final long PAGE_READS_PER_STATEMENT_BOUND = 1_000;

    @Test
    void theServerStaysUpTheOpenTransactionGainsNoLocksAndTheWorkerKeepsClaiming() throws Exception {
        try (PrivateMariaDb server = PrivateMariaDb.start("busy");
             HikariDataSource pool = server.dataSource("busy", 8)) {
            SchemaScripts.applyChangelog(pool);
            JdbcTemplate jdbc = new JdbcTemplate(pool);
            MyBatisStores stores = MyBatisStores.create(pool, TaskEventMode.DEFAULT);
            long insertStarted = System.nanoTime();
            try (LargeOpenTransaction open = LargeOpenTransaction.insert(pool, List.of(
                    new Rows(400_000, "bulk.", 20, "SUCCESS", 0),
                    new Rows(400_000, "bulk.", 20, "QUEUED", 0),
                    new Rows(200_000, "zz.", 20, "SCHEDULED", 3600)))) {
                long insertMillis = (System.nanoTime() - insertStarted) / 1_000_000;
                RecordingHandler<Object> handler = new RecordingHandler<>(TYPE, Object.class, (context, payload) -> {
                    Thread.sleep(20);
                    return TaskResult.success();
                });
                AsyncTaskWorker worker = AsyncTaskWorker.builder(stores.leaseStore(), stores.workerRegistry(),
                        stores.fleetSettings()).config(TestWorkers.fastSettings().workerId("beside-large").slots(8).build())
                        .handlers(List.of(handler)).codec(TestWorkers.CODEC)
                        .metrics(new MicrometerAsyncTaskMetrics(new SimpleMeterRegistry())).build();
                long locksBefore = open.rowLocks();
                long readsBefore = server.pageReadRequests();
                long statementsBefore = statements(jdbc);
                worker.start();
                int submitted = 0;
                int expired = 0;
                long maxLocks = locksBefore;
                long deadline = System.nanoTime() + BUSY_FOR.toNanos();
                try {
                    for (int tick = 0; System.nanoTime() < deadline; tick++) {
                        stores.taskStore().insert(List.of(new NewTask(TYPE, "{}", 0, 0, 3, null, null)));
                        submitted++;
                        if (tick % 20 == 0) {
                            insertExpiredLease(jdbc);
                            expired++;
                        }
                        if (tick % 10 == 0) {
                            assertThat(server.isUp()).as("server up after %d s; its log ends:%n%s", tick / 10, server.errorLog())
                                    .isTrue();
                            maxLocks = Math.max(maxLocks, open.rowLocks());
                        }
                        Thread.sleep(100);
                    }
                    int tasks = submitted + expired;
                    await().atMost(Duration.ofSeconds(60)).until(() -> succeeded(jdbc) == tasks);
                } catch (DataAccessException e) {
                    assertThat(server.isUp()).as("server up; its log ends:%n%s", server.errorLog()).isTrue();
                    throw e;
                } finally {
                    worker.stop();
                }
                long pageReads = server.pageReadRequests() - readsBefore;
                long statements = statements(jdbc) - statementsBefore;
                maxLocks = Math.max(maxLocks, open.rowLocks());
                System.out.printf("LARGE_TX open_rows=%d inserted_in=%d ms busy=%d s row_locks_before=%d row_locks_max=%d"
                                + " tasks=%d (expired leases recovered %d) executions=%d statements=%d page_reads_per_statement=%d%n",
                        open.rows(), insertMillis, BUSY_FOR.toSeconds(), locksBefore, maxLocks, submitted + expired,
                        expired, handler.executions.size(), statements, pageReads / Math.max(1, statements));

                assertThat(server.isUp()).as("server up; its log ends:%n%s", server.errorLog()).isTrue();
                assertThat(maxLocks).as("row locks of the open transaction").isEqualTo(locksBefore);
                assertThat(handler.executions).as("every task of the worker's own type ran").hasSize(submitted + expired);
                assertThat(pageReads / Math.max(1, statements)).as("page reads per statement").isLessThan(PAGE_READS_PER_STATEMENT_BOUND);
            }
        }
    }

    /** A task whose holder is gone: RUNNING under a lease that expired a second ago, for recovery to take. */
    private static void insertExpiredLease(JdbcTemplate jdbc) {
        jdbc.update("""
                INSERT INTO system_async_task (task_type, status, priority, payload, available_at, attempt_count,
                    max_attempts, lease_owner, lease_until, lease_token, create_time, update_time, started_at)
                VALUES (?, 'RUNNING', 0, '{}', NOW(3), 1, 3, 'gone', TIMESTAMPADD(SECOND, -1, NOW(3)), 1, NOW(3), NOW(3),
                    NOW(3))""", TYPE);
    }

    private static long succeeded(JdbcTemplate jdbc) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE task_type = ? AND status = 'SUCCESS'",
                Long.class, TYPE);
    }

    /** Statements the server has received from every client, these reads included. */
    private static long statements(JdbcTemplate jdbc) {
        return jdbc.queryForObject("SHOW GLOBAL STATUS LIKE 'Questions'", (row, n) -> row.getLong(2));
    }
}
