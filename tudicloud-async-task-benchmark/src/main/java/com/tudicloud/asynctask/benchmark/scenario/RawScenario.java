package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.benchmark.db.BenchDatabase;
import com.tudicloud.asynctask.benchmark.engine.BenchEngine;
import com.tudicloud.asynctask.benchmark.engine.NoopHandler;
import com.tudicloud.asynctask.benchmark.engine.TaskFeed;
import com.tudicloud.asynctask.benchmark.report.Result;
import com.zaxxer.hikari.HikariDataSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code raw}: the bare JDBC reference ({@link RawClaimLoop}) on the drain's table and task count,
 * with a few threads, at each batch size; rows/s. The drain compares itself to the smallest batch size
 * at least as large as its mean claim. One untimed round of warm-up tasks first.
 */
final class RawScenario implements Scenario {

    @Override
    public String name() {
        return "raw";
    }

    @Override
    public List<Result> run(BenchContext context) throws Exception {
        drain(context, context.sizes().warmupTasks(), context.sizes().drain().rawBatches().get(0));
        List<Result> results = new ArrayList<>();
        for (int batch : context.sizes().drain().rawBatches()) {
            results.add(drain(context, context.sizes().drain().tasks(), batch));
        }
        return results;
    }

    private Result drain(BenchContext context, int tasks, int batch) throws Exception {
        BenchDatabase db = context.db();
        int threads = context.sizes().drain().rawThreads();
        db.reset();
        new TaskFeed(new BenchEngine(db.pool()).client(), NoopHandler.TYPE).submitInBatches(tasks);

        ExecutorService executor = Executors.newFixedThreadPool(threads);
        try (HikariDataSource pool = db.newPool("raw", threads)) {
            RawClaimLoop loop = new RawClaimLoop(pool, NoopHandler.TYPE, batch);
            long start = System.nanoTime();
            List<Future<Long>> loops = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                String owner = "raw-" + t;
                loops.add(executor.submit(() -> loop.drain(owner)));
            }
            long done = 0;
            for (Future<Long> f : loops) {
                done += f.get();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            return Result.of(name()).variant("threads", threads).variant("batch", batch)
                    .headline("rows_per_s", done / seconds)
                    .detail("rows", done).detail("seconds", seconds)
                    .check("all_succeeded", done == tasks && db.tasks().countSucceededOnFirstClaim(NoopHandler.TYPE) == tasks);
        } finally {
            executor.shutdownNow();
        }
    }
}
