package com.tudicloud.asynctask.admin.faults;

import com.tudicloud.asynctask.api.BatchCallback;
import com.tudicloud.asynctask.api.SubmittedBatch;
import com.tudicloud.asynctask.api.spi.NewBatch;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
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

    private FaultDatabase db;
    private WorkerFleet fleet;

    @Test
    void everyChildEndsOnceAndEachCallbackRunsOnceAfterTheLastThroughKillAndFreeze() throws Exception {
        long seed = Long.getLong("faults.seed", System.nanoTime());
        System.out.println("BatchFaultsIT seed=" + seed + " (rerun with -Dfaults.seed=" + seed + ")");
        Random random = new Random(seed);
        db = FaultDatabase.recreate("batch_faults");
        JdbcTemplate jdbc = db.jdbc();
        fleet = new WorkerFleet(db.url(), db.url(), Files.createDirectories(Path.of("target", "batch-faults")));
        List<WorkerNode> nodes = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            nodes.add(fleet.start("b" + i));
        }
        fleet.awaitUp();

        MyBatisStores stores = MyBatisStores.create(db.dataSource());
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
        db.awaitHolding(killed, Duration.ofSeconds(60));
        killed.kill();
        db.awaitHolding(frozen, Duration.ofSeconds(60));
        frozen.freeze();
        Thread.sleep(WorkerFleet.LEASE.multipliedBy(2).toMillis());
        frozen.thaw();

        db.awaitNone("SELECT (SELECT COUNT(*) FROM system_async_task WHERE status NOT IN ('SUCCESS', 'FAILED', "
                + "'CANCELLED')) + (SELECT COUNT(*) FROM system_async_task_batch WHERE state IN ('OPEN', 'CANCELLING'))",
                "tasks or batches", Duration.ofMinutes(4));

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
        long repairs = Math.round(fleet.sum("async_task_batch_repairs_total"));
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

    @AfterEach
    void tearDown() throws Exception {
        if (fleet != null) {
            fleet.close();
        }
        if (db != null) {
            db.close();
        }
    }
}
