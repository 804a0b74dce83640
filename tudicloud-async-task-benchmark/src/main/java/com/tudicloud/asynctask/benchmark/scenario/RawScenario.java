package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.benchmark.db.BenchDatabase;
import com.tudicloud.asynctask.benchmark.db.SessionStatements;
import com.tudicloud.asynctask.benchmark.db.StatementCounter;
import com.tudicloud.asynctask.benchmark.db.StatementCounts;
import com.tudicloud.asynctask.benchmark.engine.BenchEngine;
import com.tudicloud.asynctask.benchmark.engine.NoopHandler;
import com.tudicloud.asynctask.benchmark.engine.TaskFeed;
import com.tudicloud.asynctask.benchmark.report.Result;
import com.zaxxer.hikari.HikariDataSource;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code raw}: the bare JDBC reference ({@link RawClaimLoop}) on the drain's table and task count,
 * with a few threads, at each batch size; rows/s. The drain compares itself to the smallest batch size
 * at least as large as its mean claim, and to the best. Also what each row cost: the statements and
 * commits the loop sent (counted by the driver, checked against the server's per-session counters)
 * and the CPU time of the loop's threads. One untimed round of warm-up tasks first.
 */
final class RawScenario implements Scenario {

    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

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
        try (HikariDataSource pool = db.newCountedPool("raw", threads)) {
            RawClaimLoop loop = new RawClaimLoop(pool, NoopHandler.TYPE, batch);
            SessionStatements server = new SessionStatements(pool);
            Map<Long, Long> serverBefore = server.read();
            LongAdder cpuNanos = new LongAdder();
            StatementCounter.start();
            long start = System.nanoTime();
            List<Future<Long>> loops = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                String owner = "raw-" + t;
                loops.add(executor.submit(() -> {
                    long cpuStart = CPU.getCurrentThreadCpuTime();
                    long rows = loop.drain(owner);
                    cpuNanos.add(CPU.getCurrentThreadCpuTime() - cpuStart);
                    return rows;
                }));
            }
            long done = 0;
            for (Future<Long> f : loops) {
                done += f.get();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            StatementCounter.stop();
            StatementCounts counts = StatementCounter.counts();
            long serverStatements = SessionStatements.between(serverBefore, server.read());
            return Result.of(name()).variant("threads", threads).variant("batch", batch)
                    .headline("rows_per_s", done / seconds)
                    .detail("rows", done).detail("seconds", seconds)
                    .detail("wall_tasks_per_s", done / seconds)
                    .detail("statements_per_task", (double) counts.statements() / done)
                    .detail("commits_per_task", (double) counts.writeCommits() / done)
                    .detail("selects_per_task", (double) counts.selects() / done)
                    .detail("writes_per_task", (double) counts.writes() / done)
                    .detail("sets_per_task", (double) counts.sets() / done)
                    .detail("engine_cpu_us_per_task", cpuNanos.sum() / 1e3 / done)
                    .check("all_succeeded", done == tasks && db.tasks().countSucceededOnFirstClaim(NoopHandler.TYPE) == tasks)
                    .check("statements_counted", serverStatements == counts.statements());
        } finally {
            executor.shutdownNow();
        }
    }
}
