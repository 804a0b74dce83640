package com.tudicloud.asynctask.admin.faults;

import com.tudicloud.asynctask.api.BatchCallback;
import com.tudicloud.asynctask.api.SubmittedBatch;
import com.tudicloud.asynctask.api.spi.NewBatch;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.DatabaseServer;
import com.tudicloud.asynctask.testing.SchemaScripts;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Batches with real worker processes (the admin jar as worker nodes, each handler execution recorded): while
 * batches of thousands of demo.import children run, one worker is killed with SIGKILL and another frozen with
 * SIGSTOP past its lease and thawed. Afterwards every child has ended exactly once (one terminal row, its import
 * recorded once), each batch has exactly one callback task per outcome, inserted after its last child ended, each
 * callback ran, and the repair pass had nothing to end. The batch sizes, and which worker is killed and which
 * frozen, come from a printed seed.
 */
class BatchFaultsIT {

    private static final Duration LEASE = Duration.ofSeconds(3);

    private final List<WorkerNode> nodes = new ArrayList<>();
    private HikariDataSource dataSource;

    @Test
    void everyChildEndsOnceAndEachCallbackRunsOnceAfterTheLastThroughKillAndFreeze() throws Exception {
        long seed = Long.getLong("faults.seed", System.nanoTime());
        System.out.println("BatchFaultsIT seed=" + seed + " (rerun with -Dfaults.seed=" + seed + ")");
        Random random = new Random(seed);
        TestDatabase db = TestDatabase.get();
        DatabaseServer server = db.server();
        String database = server.recreateScratchDatabase("batch_faults");
        dataSource = server.dataSource(database, 4);
        SchemaScripts.applyChangelog(dataSource, "db/admin/changelog-master.xml");
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        jdbc.execute(ExecutionRecording.createTable());
        String url = server.jdbcUrl(database);
        Path logs = Files.createDirectories(Path.of("target", "batch-faults"));
        for (int i = 1; i <= 3; i++) {
            nodes.add(start("b" + i, url, logs));
        }
        for (WorkerNode node : nodes) {
            node.awaitUp(Duration.ofSeconds(120));
        }

        MyBatisStores stores = MyBatisStores.create(dataSource);
        List<Long> batches = new ArrayList<>();
        int children = 0;
        for (int b = 0; b < 3; b++) {
            int size = 1_000 + random.nextInt(1_500);
            children += size;
            List<NewTask> rows = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                int importRows = 10 * (1 + random.nextInt(8));   // 5 to 40 ms of work
                rows.add(new NewTask("demo.import", "{\"rows\": " + importRows + "}", 0, 0, 10, null, null));
            }
            SubmittedBatch batch = stores.batchStore().insert(new NewBatch(rows, Map.of(
                    BatchCallback.SUCCESS, callback(), BatchCallback.FAILURE, callback(), BatchCallback.COMPLETE, callback()),
                    null));
            batches.add(batch.batchId());
        }

        int victim = random.nextInt(3);
        WorkerNode killed = nodes.get(victim);
        WorkerNode frozen = nodes.get((victim + 1 + random.nextInt(2)) % 3);
        awaitHolding(jdbc, killed);
        killed.kill();
        awaitHolding(jdbc, frozen);
        frozen.freeze();
        Thread.sleep(LEASE.multipliedBy(2).toMillis());
        frozen.thaw();

        awaitAllEnded(jdbc, Duration.ofMinutes(4));

        long notSucceeded = jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE batch_id IS NOT NULL "
                + "AND status <> 'SUCCESS'", Long.class);
        long imports = jdbc.queryForObject("SELECT COUNT(*) FROM demo_import_record r JOIN system_async_task t "
                + "ON t.id = r.task_id WHERE t.batch_id IS NOT NULL", Long.class);
        long reruns = jdbc.queryForObject("SELECT COUNT(*) - COUNT(DISTINCT task_id) FROM " + ExecutionRecording.TABLE,
                Long.class);
        long callbacks = jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE task_type = 'demo.sleep'",
                Long.class);
        for (long batchId : batches) {
            assertThat(jdbc.queryForObject("SELECT state FROM system_async_task_batch WHERE id = ?", String.class, batchId))
                    .as("batch " + batchId).isEqualTo("SUCCEEDED");
            assertThat(jdbc.queryForList("SELECT dedup_key FROM system_async_task WHERE task_type = 'demo.sleep' "
                    + "AND dedup_key LIKE ?", String.class, "batch:" + batchId + ":%"))
                    .as("callbacks of batch " + batchId)
                    .containsExactlyInAnyOrder("batch:" + batchId + ":success", "batch:" + batchId + ":complete");
            long early = jdbc.queryForObject("""
                    SELECT COUNT(*) FROM system_async_task cb
                    WHERE cb.dedup_key LIKE ? AND cb.create_time < (SELECT MAX(finished_at) FROM system_async_task
                                                                     WHERE batch_id = ?)""", Long.class,
                    "batch:" + batchId + ":%", batchId);
            assertThat(early).as("callbacks of batch " + batchId + " inserted before its last child ended").isZero();
        }
        long callbackRuns = jdbc.queryForObject("SELECT COUNT(DISTINCT e.task_id) FROM " + ExecutionRecording.TABLE
                + " e JOIN system_async_task t ON t.id = e.task_id WHERE t.task_type = 'demo.sleep'", Long.class);
        long repairs = Math.round(sum("async_task_batch_repairs_total"));
        System.out.printf("BATCH FAULTS batches=%d children=%d callbacks=%d callback_runs=%d kills=1 freezes=1 "
                        + "reruns=%d duplicates=%d lost=%d repairs=%d%n", batches.size(), children, callbacks, callbackRuns,
                reruns, imports - children, children - imports, repairs);

        assertThat(notSucceeded).as("children not SUCCESS").isZero();
        assertThat(imports).as("imports recorded, one per child").isEqualTo(children);
        assertThat(callbacks).as("callback tasks").isEqualTo(2L * batches.size());
        assertThat(callbackRuns).as("callbacks that ran").isEqualTo(callbacks);
        assertThat(repairs).as("batches the repair pass had to end").isZero();
    }

    private static NewTask callback() {
        return new NewTask("demo.sleep", "{\"ms\": 1}", 0, 0, 10, null, null);
    }

    private double sum(String counter) throws Exception {
        double total = 0;
        for (WorkerNode node : nodes) {
            if (node.isAlive()) {
                total += node.counter(counter);
            }
        }
        return total;
    }

    private WorkerNode start(String id, String jdbcUrl, Path logs) throws Exception {
        return WorkerNode.start(id, Path.of("target", "tudicloud-async-task-admin.jar"), jdbcUrl, jdbcUrl, logs, List.of(
                "--async-task.worker.lease-timeout=" + LEASE.toMillis() + "ms",
                "--async-task.worker.heartbeat-interval=500ms",
                "--async-task.worker.recovery-interval=1000ms",
                "--async-task.worker.poll-interval=100ms",
                "--async-task.worker.shutdown-timeout=10s",
                "--async-task.worker.slots=8"));
    }

    /** Waits until the worker holds children, so that its kill or freeze leaves some to recover. */
    private static void awaitHolding(JdbcTemplate jdbc, WorkerNode node) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE status = 'RUNNING' AND lease_owner = ?",
                    Long.class, node.id()) > 0) {
                return;
            }
            Thread.sleep(5);
        }
        throw new AssertionError(node.id() + " held no child within 60 s");
    }

    private static void awaitAllEnded(JdbcTemplate jdbc, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long open = -1;
        while (System.nanoTime() < deadline) {
            open = jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE status NOT IN ('SUCCESS', 'FAILED', "
                    + "'CANCELLED')", Long.class)
                    + jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task_batch WHERE state IN ('OPEN', 'CANCELLING')",
                    Long.class);
            if (open == 0) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError(open + " tasks or batches did not end within " + timeout);
    }

    @AfterEach
    void tearDown() throws Exception {
        for (WorkerNode node : nodes) {
            if (node.isAlive()) {
                node.thaw();
                node.kill();
            }
        }
        if (dataSource != null) {
            dataSource.close();
        }
    }
}
