package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.spi.TaskEventMode;
import com.tudicloud.asynctask.benchmark.Args;
import com.tudicloud.asynctask.benchmark.db.BenchDatabase;
import com.tudicloud.asynctask.benchmark.db.RowLockWaits;
import com.tudicloud.asynctask.benchmark.db.TaskTable;
import com.tudicloud.asynctask.benchmark.engine.BenchEngine;
import com.tudicloud.asynctask.benchmark.engine.NoopHandler;
import com.tudicloud.asynctask.benchmark.engine.TaskFeed;
import com.tudicloud.asynctask.benchmark.jvm.ChildLink;
import com.tudicloud.asynctask.benchmark.report.Result;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * {@code drain}: K worker JVMs with T slots each are wired and warmed up, N no-op tasks are submitted
 * (not timed), then the workers start together and run until every task is SUCCESS. tasks/s by the
 * database's clock, from the first claim to the last completion (and by the runner's wall clock from
 * GO to the runner seeing no task left, the figure the peer scenario compares with the peers');
 * its ratio to the {@code raw} reference at a batch size at least as large as the workers' mean claim
 * (with short tasks a worker claims ahead of its slots) and to the raw reference's best batch; what
 * each task cost (statements, commits, CPU); and a check that each task ran exactly once: the
 * handlers ran N times in all, and every row is SUCCESS after one claim (attempt 1, token 1).
 */
final class DrainScenario implements Scenario {

    /** The default poll interval would do as well: a worker draining a full queue never waits for it. */
    static final Duration POLL_INTERVAL = Duration.ofMillis(100);
    static final Duration TIMEOUT = Duration.ofMinutes(10);
    /** How often the runner looks whether the drain is done. */
    static final Duration DONE_POLL = Duration.ofMillis(100);

    @Override
    public String name() {
        return "drain";
    }

    @Override
    public List<Result> run(BenchContext context) throws Exception {
        List<Result> results = new ArrayList<>();
        for (Sizes.DrainShape shape : context.sizes().drain().shapes()) {
            results.add(drain(context, shape.workers(), shape.slots()));
        }
        return results;
    }

    /**
     * The raw loop to compare with: the smallest of its batch sizes at least as large as the workers'
     * claims were on average (claims take more than the slots when tasks are short), else the largest.
     */
    private static int rawBatchFor(BenchContext context, double meanClaimBatch) {
        List<Integer> batches = context.sizes().drain().rawBatches();
        return batches.stream().filter(batch -> batch >= meanClaimBatch).min(Integer::compare)
                .orElse(batches.stream().max(Integer::compare).orElseThrow());
    }

    /** The best rows/s of the raw reference in this run, at any batch size. */
    private static double bestRaw(BenchContext context) {
        return context.earlier("raw").stream().flatMap(r -> r.figure("rows_per_s").stream())
                .max(Double::compare).orElse(Double.NaN);
    }

    Result drain(BenchContext context, int workerCount, int slots) throws Exception {
        return drain(context, name(), workerCount, slots, TaskEventMode.DEFAULT);
    }

    /** A drain whose workers record task events in {@code eventMode}, reported under {@code scenario}. */
    Result drain(BenchContext context, String scenario, int workerCount, int slots, TaskEventMode eventMode)
            throws Exception {
        return drain(context, scenario, workerCount, slots, Args.of("event-mode", eventMode.name()),
                new BenchEngine(context.db().pool()).client());
    }

    /** A drain of tasks that {@code feed} submits, by workers started with {@code workerArgs}. */
    Result drain(BenchContext context, String scenario, int workerCount, int slots, List<String> workerArgs,
                 AsyncTaskClient feed) throws Exception {
        return drain(context, scenario, workerCount, slots, workerArgs, context.sizes().drain().tasks(),
                count -> new TaskFeed(feed, NoopHandler.TYPE).submitInBatches(count));
    }

    /**
     * A drain of {@code tasks} no-op tasks that {@code submit} inserts (before the clock starts), by workers started
     * with {@code workerArgs}.
     */
    Result drain(BenchContext context, String scenario, int workerCount, int slots, List<String> workerArgs,
                 int tasks, IntConsumer submit) throws Exception {
        return drain(context, scenario, workerCount, slots, POLL_INTERVAL, workerArgs, tasks, submit, Traffic.NONE);
    }

    /** The same, by workers that poll every {@code pollInterval}. */
    Result drain(BenchContext context, String scenario, int workerCount, int slots, Duration pollInterval,
                 List<String> workerArgs, int tasks, IntConsumer submit) throws Exception {
        return drain(context, scenario, workerCount, slots, pollInterval, workerArgs, tasks, submit, Traffic.NONE);
    }

    /**
     * A drain with {@code traffic} beside it: the figures are the drained tasks' (those of its drained key), the
     * exactly-once check covers the traffic's tasks too, and the drain ends once they are done as well.
     */
    Result drain(BenchContext context, String scenario, int workerCount, int slots, List<String> workerArgs,
                 int tasks, IntConsumer submit, Traffic traffic) throws Exception {
        return drain(context, scenario, workerCount, slots, POLL_INTERVAL, workerArgs, tasks, submit, traffic);
    }

    private Result drain(BenchContext context, String scenario, int workerCount, int slots, Duration pollInterval,
                         List<String> workerArgs, int tasks, IntConsumer submit, Traffic traffic) throws Exception {
        BenchDatabase db = context.db();
        TaskTable table = db.tasks();
        db.reset();
        List<ChildLink> workers = new ArrayList<>();
        try {
            // wired and warmed up first, on an empty queue: a claim for the warm-up's own task type would
            // otherwise read past every queued drain task (the claim index does not hold task_type)
            for (int w = 1; w <= workerCount; w++) {
                workers.add(context.startWorker("drain-worker-" + w, slots, pollInterval, workerArgs));
            }
            submit.accept(tasks);
            RowLockWaits locksBefore = RowLockWaits.read(db.pool());
            long start = System.nanoTime();
            workers.forEach(ChildLink::go);
            traffic.start();
            boolean ownFinished = table.awaitFinished(NoopHandler.TYPE, traffic.drainedKey(), TIMEOUT, DONE_POLL);
            double wallSeconds = (System.nanoTime() - start) / 1e9;
            long all = tasks + traffic.stop();
            boolean drained = ownFinished && table.awaitSucceeded(NoopHandler.TYPE, all, TIMEOUT, DONE_POLL);
            RowLockWaits lockWaits = RowLockWaits.read(db.pool()).minus(locksBefore);
            List<String> stats = new ArrayList<>();
            for (ChildLink worker : workers) {
                stats.add(worker.stop(Duration.ofSeconds(90)));
            }
            ChildStats engine = new ChildStats(stats);

            double perSecond = tasks / table.secondsFromFirstClaimToLastFinish(NoopHandler.TYPE, traffic.drainedKey());
            int rawBatch = rawBatchFor(context, engine.ratio("claim_rows", "claim_calls"));
            double raw = context.earlier("raw", "threads=" + context.sizes().drain().rawThreads() + " batch=" + rawBatch)
                    .flatMap(r -> r.figure("rows_per_s")).orElse(Double.NaN);
            Result result = Result.of(scenario).variant("workers", workerCount).variant("slots", slots)
                    .headline("tasks_per_s", perSecond)
                    .headline("wall_tasks_per_s", tasks / wallSeconds)
                    .headline("raw_ratio", perSecond / raw)
                    .headline("best_raw_ratio", perSecond / bestRaw(context))
                    .detail("raw_batch", rawBatch)
                    .detail("tasks", tasks)
                    .detail("executions", engine.sum("executions"))
                    .detail("events_per_task", (double) table.countEvents(NoopHandler.TYPE) / all)
                    .detail("spans_per_task", engine.sum("spans") / all)
                    .detail("traced_rows", table.countTraced(NoopHandler.TYPE))
                    .detail("row_lock_waits", lockWaits.waits())
                    .detail("row_lock_wait_ms", lockWaits.millis());
            return engine.describe(result)
                    .check("drained", drained)
                    .check("exactly_once", ranOnce(engine, table, all));
        } finally {
            workers.forEach(ChildLink::close);
        }
    }

    /**
     * Whether each of the {@code tasks} no-op tasks in the table ran exactly once: the handlers ran that often in all,
     * and every row is SUCCESS after one claim (attempt 1, token 1).
     */
    static boolean ranOnce(ChildStats engine, TaskTable table, long tasks) {
        return engine.sum("executions") == tasks && table.count(NoopHandler.TYPE) == tasks
                && table.countSucceededOnFirstClaim(NoopHandler.TYPE) == tasks;
    }

    /**
     * Tasks of the drained type that a submitter adds beside a drain, from GO until the drained tasks are done, under
     * other keys than the drained tasks' key.
     */
    interface Traffic {

        /** None: the drained tasks are every task of the type. */
        Traffic NONE = new Traffic() {
            @Override
            public String drainedKey() {
                return null;
            }

            @Override
            public void start() {
            }

            @Override
            public int stop() {
                return 0;
            }
        };

        /** The drained tasks' key, which no task of the traffic has; null for no traffic. */
        String drainedKey();

        /** Starts submitting, at GO. */
        void start();

        /** Stops submitting, once the drained tasks are done, and returns how many tasks it added. */
        int stop() throws InterruptedException;
    }
}
