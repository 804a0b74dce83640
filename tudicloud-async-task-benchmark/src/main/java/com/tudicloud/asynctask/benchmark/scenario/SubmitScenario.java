package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.benchmark.db.BenchDatabase;
import com.tudicloud.asynctask.benchmark.engine.BenchEngine;
import com.tudicloud.asynctask.benchmark.engine.NoopHandler;
import com.tudicloud.asynctask.benchmark.engine.TaskFeed;
import com.tudicloud.asynctask.benchmark.report.Result;
import com.zaxxer.hikari.HikariDataSource;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * {@code submit}: one thread submits through the public client, outside any caller transaction:
 * one task per call (one INSERT and one commit each), and {@value TaskFeed#BATCH} per call (one
 * multi-row INSERT). A warm-up of both runs first, not timed. Also the submitting thread's CPU per task.
 */
final class SubmitScenario implements Scenario {

    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    private static final int WARMUP_SINGLE = 1_000;
    private static final int WARMUP_BATCHES = 10;

    @Override
    public String name() {
        return "submit";
    }

    @Override
    public List<Result> run(BenchContext context) {
        BenchDatabase db = context.db();
        try (HikariDataSource pool = db.newPool("submitter", 1)) {
            TaskFeed feed = new TaskFeed(new BenchEngine(pool).client(), NoopHandler.TYPE);
            db.reset();
            // warm, as a long-running service is: the JIT compiles the submit path before it is timed
            feed.submitOneByOne(WARMUP_SINGLE);
            feed.submitInBatches(WARMUP_BATCHES * TaskFeed.BATCH);
            return List.of(timed(db, "single", context.sizes().submit().single(), feed::submitOneByOne),
                    timed(db, "batch", context.sizes().submit().batched(), feed::submitInBatches));
        }
    }

    private Result timed(BenchDatabase db, String mode, int tasks, IntConsumer submit) {
        db.reset();
        long start = System.nanoTime();
        long cpuStart = CPU.getCurrentThreadCpuTime();
        submit.accept(tasks);
        double cpuMicros = (CPU.getCurrentThreadCpuTime() - cpuStart) / 1e3;
        double seconds = (System.nanoTime() - start) / 1e9;
        return Result.of(name()).variant("mode", mode)
                .headline("tasks_per_s", tasks / seconds)
                .detail("tasks", tasks).detail("per_call", mode.equals("batch") ? TaskFeed.BATCH : 1)
                .detail("seconds", seconds)
                .detail("client_cpu_us_per_task", cpuMicros / tasks)
                .check("all_stored", db.tasks().count(NoopHandler.TYPE) == tasks);
    }
}
