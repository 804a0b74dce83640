package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.BatchRequest;
import com.tudicloud.asynctask.api.BatchState;
import com.tudicloud.asynctask.api.BatchView;
import com.tudicloud.asynctask.api.SubmittedBatch;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.benchmark.Args;
import com.tudicloud.asynctask.benchmark.db.BenchDatabase;
import com.tudicloud.asynctask.benchmark.db.StatementCounter;
import com.tudicloud.asynctask.benchmark.db.StatementCounts;
import com.tudicloud.asynctask.benchmark.engine.BenchEngine;
import com.tudicloud.asynctask.benchmark.engine.NoopHandler;
import com.tudicloud.asynctask.benchmark.engine.TaskFeed;
import com.tudicloud.asynctask.benchmark.report.Result;
import com.zaxxer.hikari.HikariDataSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code workflow}: what belonging to a batch costs a drain. The first drain shape drains the workflow size three
 * times in one run: plain tasks, the children of one batch with a success callback, plain tasks again. The batch's
 * drain reports its tasks/s as a ratio to the mean of the two plain drains around it; every drain reports the
 * server's row lock waits while it ran (the batch's end is decided without a counter row that every child's
 * completion would wait on); the batch's submit reports its statements per 1,000 children. Checks: every child ran
 * once, the batch ended SUCCEEDED with its success callback inserted exactly once. The callback's type has no
 * handler on the workers, so it stays queued and the drain's counts stay the children's.
 */
final class WorkflowScenario implements Scenario {

    static final String CALLBACK_TYPE = "bench.batch-done";

    private final DrainScenario drain = new DrainScenario();

    @Override
    public String name() {
        return "workflow";
    }

    @Override
    public List<Result> run(BenchContext context) throws Exception {
        Sizes.DrainShape shape = context.sizes().drain().shapes().get(0);
        int children = context.sizes().workflow().children();
        AsyncTaskClient client = new BenchEngine(context.db().pool()).client();
        Result before = plain(context, shape, children, client, "plain");
        Result batch = batch(context, shape, children);
        Result after = plain(context, shape, children, client, "plain-again");
        double plainMean = (tasksPerSecond(before) + tasksPerSecond(after)) / 2;
        batch.headline("ratio_to_plain", tasksPerSecond(batch) / plainMean);
        return List.of(before, batch, after);
    }

    private Result plain(BenchContext context, Sizes.DrainShape shape, int tasks, AsyncTaskClient client,
                         String variant) throws Exception {
        return drain.drain(context, name(), shape.workers(), shape.slots(), Args.of(), tasks,
                count -> new TaskFeed(client, NoopHandler.TYPE).submitInBatches(count)).variant("tasks", variant);
    }

    private Result batch(BenchContext context, Sizes.DrainShape shape, int children) throws Exception {
        BenchDatabase db = context.db();
        AtomicLong batchId = new AtomicLong();
        AtomicReference<StatementCounts> submitCost = new AtomicReference<>();
        Result result;
        try (HikariDataSource counted = db.newCountedPool("batch-submitter", 1)) {
            AsyncTaskClient client = new BenchEngine(counted).client();
            result = drain.drain(context, name(), shape.workers(), shape.slots(), Args.of(), children, count -> {
                BatchRequest request = BatchRequest.of(noopTasks(count))
                        .onSuccess(TaskRequest.of(CALLBACK_TYPE, Map.of("done", true)));
                StatementCounter.start();
                SubmittedBatch submitted = client.submitBatch(request);
                StatementCounter.stop();
                submitCost.set(StatementCounter.counts());
                batchId.set(submitted.batchId());
            }).variant("tasks", "batch-children");
        }
        BatchView view = new BenchEngine(db.pool()).client().getBatch(batchId.get()).orElseThrow();
        return result
                .detail("submit_statements", submitCost.get().statements())
                .detail("submit_statements_per_1000", submitCost.get().statements() * 1000.0 / children)
                .detail("submit_commits", submitCost.get().commits())
                .check("batch_succeeded", view.state() == BatchState.SUCCEEDED)
                .check("one_callback", db.tasks().count(CALLBACK_TYPE) == 1);
    }

    private static List<TaskRequest> noopTasks(int count) {
        List<TaskRequest> tasks = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            tasks.add(TaskRequest.of(NoopHandler.TYPE, Map.of("n", i)));
        }
        return tasks;
    }

    private static double tasksPerSecond(Result result) {
        return result.number("tasks_per_s").orElseThrow();
    }
}
