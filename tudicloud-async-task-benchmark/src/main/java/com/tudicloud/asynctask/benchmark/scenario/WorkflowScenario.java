package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.BatchRequest;
import com.tudicloud.asynctask.api.BatchState;
import com.tudicloud.asynctask.api.BatchView;
import com.tudicloud.asynctask.api.TaskChain;
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

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * {@code workflow}: what belonging to a batch or a chain costs a drain. The first drain shape drains the workflow
 * size three times in one run: plain tasks, the children of one batch with a success callback, plain tasks again.
 * The batch's drain reports its tasks/s as a ratio to the mean of the two plain drains around it; every drain reports
 * the server's row lock waits while it ran (the batch's end is decided without a counter row that every child's
 * completion would wait on); the batch's submit reports its statements per 1,000 children. Checks: every child ran
 * once, the batch ended SUCCEEDED with its success callback inserted exactly once. The callback's type has no
 * handler on the workers, so it stays queued and the drain's counts stay the children's.
 * <p>
 * Then the same shape, at the default poll interval and settings, drains one chain of no-op steps submitted in one
 * {@code submitChain}: the gap from each step's finish to the next step's start by the database's clock (p50, p99,
 * max; p50 also in poll intervals, since a step made due is found by a worker's next look at the queue), and the
 * submit's statements per 1,000 steps. Checks: every step ran once and succeeded, none started before the step
 * before it finished.
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
        Result chain = chain(context, shape, context.sizes().workflow().chainSteps());
        return List.of(before, batch, after, chain);
    }

    private Result plain(BenchContext context, Sizes.DrainShape shape, int tasks, AsyncTaskClient client,
                         String variant) throws Exception {
        return drain.drain(context, name(), shape.workers(), shape.slots(), Args.of(), tasks,
                count -> new TaskFeed(client, NoopHandler.TYPE).submitInBatches(count)).variant("tasks", variant);
    }

    private Result batch(BenchContext context, Sizes.DrainShape shape, int children) throws Exception {
        BenchDatabase db = context.db();
        AtomicLong batchId = new AtomicLong();
        Result result;
        try (CountedSubmit submitter = new CountedSubmit(db, "batch-submitter")) {
            result = drain.drain(context, name(), shape.workers(), shape.slots(), Args.of(), children, count -> {
                BatchRequest request = BatchRequest.of(noopTasks(count))
                        .onSuccess(TaskRequest.of(CALLBACK_TYPE, Map.of("done", true)));
                batchId.set(submitter.submit(client -> client.submitBatch(request)).batchId());
            }).variant("tasks", "batch-children");
            submitter.describe(result, children);
        }
        BatchView view = new BenchEngine(db.pool()).client().getBatch(batchId.get()).orElseThrow();
        return result
                .check("batch_succeeded", view.state() == BatchState.SUCCEEDED)
                .check("one_callback", db.tasks().count(CALLBACK_TYPE) == 1);
    }

    /** One chain of {@code steps} no-op steps drained by workers at the default poll interval and settings. */
    private Result chain(BenchContext context, Sizes.DrainShape shape, int steps) throws Exception {
        Duration pollInterval = BenchEngine.defaults().build().pollInterval();
        try (CountedSubmit submitter = new CountedSubmit(context.db(), "chain-submitter")) {
            Result result = drain.drain(context, name(), shape.workers(), shape.slots(), pollInterval, Args.of(), steps,
                    count -> submitter.submit(client -> client.submitChain(noopChain(count))))
                    .variant("tasks", "chain").variant("steps", steps);
            ChainGaps gaps = ChainGaps.of(context.db().tasks().dependencyGapMillis(NoopHandler.TYPE));
            double p50 = gaps.percentile(50);
            return submitter.describe(result, steps)
                    .headline("gap_p50_ms", p50)
                    .headline("gap_p99_ms", gaps.percentile(99))
                    .headline("gap_p50_poll_intervals", ChainGaps.inPollIntervals(p50, pollInterval))
                    .detail("gap_max_ms", gaps.max())
                    .detail("poll_interval_ms", pollInterval.toMillis())
                    .detail("started_early", gaps.startedEarly())
                    .check("in_order", gaps.inOrder(steps));
        }
    }

    private static TaskChain noopChain(int steps) {
        List<TaskRequest> tasks = noopTasks(steps);
        TaskChain chain = TaskChain.of(tasks.get(0));
        for (TaskRequest step : tasks.subList(1, steps)) {
            chain = chain.then(step);
        }
        return chain;
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

    /** A client on a pool of its own whose one submit is counted: the statements and commits it sent. */
    private static final class CountedSubmit implements AutoCloseable {

        private final HikariDataSource pool;
        private final AsyncTaskClient client;
        private StatementCounts cost;

        CountedSubmit(BenchDatabase db, String name) {
            this.pool = db.newCountedPool(name, 1);
            this.client = new BenchEngine(pool).client();
        }

        <T> T submit(Function<AsyncTaskClient, T> submit) {
            StatementCounter.start();
            try {
                return submit.apply(client);
            } finally {
                StatementCounter.stop();
                cost = StatementCounter.counts();
            }
        }

        /** The submit's cost on {@code result}, per 1,000 of the {@code tasks} it submitted too. */
        Result describe(Result result, int tasks) {
            return result.detail("submit_statements", cost.statements())
                    .detail("submit_statements_per_1000", cost.statements() * 1000.0 / tasks)
                    .detail("submit_commits", cost.commits());
        }

        @Override
        public void close() {
            pool.close();
        }
    }
}
