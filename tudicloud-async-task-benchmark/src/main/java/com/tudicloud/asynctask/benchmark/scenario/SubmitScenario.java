package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.benchmark.db.BenchDatabase;
import com.tudicloud.asynctask.benchmark.engine.BenchEngine;
import com.tudicloud.asynctask.benchmark.engine.NoopHandler;
import com.tudicloud.asynctask.benchmark.engine.TaskFeed;
import com.tudicloud.asynctask.benchmark.report.Result;
import com.zaxxer.hikari.HikariDataSource;

import java.util.List;
import java.util.function.IntConsumer;

/**
 * {@code submit}: one thread submits through the public client, outside any caller transaction:
 * one task per call (one INSERT and one commit each), and {@value TaskFeed#BATCH} per call (one
 * multi-row INSERT). A short warm-up of both runs first, not timed.
 */
final class SubmitScenario implements Scenario {

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
            feed.submitOneByOne(200);
            feed.submitInBatches(2 * TaskFeed.BATCH);
            return List.of(timed(db, "single", context.sizes().singleSubmits(), feed::submitOneByOne),
                    timed(db, "batch", context.sizes().batchSubmits(), feed::submitInBatches));
        }
    }

    private Result timed(BenchDatabase db, String mode, int tasks, IntConsumer submit) {
        db.reset();
        long start = System.nanoTime();
        submit.accept(tasks);
        double seconds = (System.nanoTime() - start) / 1e9;
        return Result.of(name()).variant("mode", mode)
                .headline("tasks_per_s", tasks / seconds)
                .detail("tasks", tasks).detail("per_call", mode.equals("batch") ? TaskFeed.BATCH : 1)
                .detail("seconds", seconds)
                .check("all_stored", db.tasks().count(NoopHandler.TYPE) == tasks);
    }
}
