package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.benchmark.Args;
import com.tudicloud.asynctask.benchmark.db.BenchDatabase;
import com.tudicloud.asynctask.benchmark.db.TaskTable;
import com.tudicloud.asynctask.benchmark.engine.BenchEngine;
import com.tudicloud.asynctask.benchmark.engine.NoopHandler;
import com.tudicloud.asynctask.benchmark.engine.TaskFeed;
import com.tudicloud.asynctask.benchmark.jvm.ChildLink;
import com.tudicloud.asynctask.benchmark.report.Numbers;
import com.tudicloud.asynctask.benchmark.report.Result;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * {@code fairness}: whether one key's backlog of a fair type leaves the other keys' pickup alone, and what being fair
 * costs the backlog's drain. K worker JVMs of T slots at the drain's poll interval, their no-op type fair (the
 * workers' {@code --fair}: {@code TaskPolicy.builder().fair(true)}), while keys B, C, ... each submit a few tasks a
 * second ({@link KeyedTraffic}): first on an empty queue for a fixed time; then beside key A's backlog of N due tasks,
 * submitted before GO and drained as the {@code drain} scenario drains, the traffic running from GO until A's last
 * task is done. In the same run, N tasks without a key at the default claims (not fair) are drained by workers of
 * the same shape; the two drains take turns going first from run to run (the fair one in odd runs), so that a busy
 * machine's drift over the runs hits both alike.
 * <p>
 * Pickup is claimed minus due, by the database's clock, of the traffic's tasks; beside the backlog, of those due
 * before A's last task was claimed (the later ones waited beside no backlog). Figures: its p50 and p99 on the empty
 * queue and beside the backlog, {@code pickup_p99_ratio} (beside over empty) and {@code drain_ratio} (A's tasks/s
 * over the unkeyed drain's). Every part checks that every task, the traffic's too, ran exactly once.
 */
final class FairnessScenario implements Scenario {

    /** The key of the backlog; the traffic's keys follow it in key order, as B, C, ... */
    static final String BACKLOG_KEY = "A";

    private static final List<String> FAIR = Args.of("fair", true);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(90);

    private final DrainScenario drain = new DrainScenario();

    @Override
    public String name() {
        return "fairness";
    }

    @Override
    public List<Result> run(BenchContext context) throws Exception {
        Sizes.Fairness sizes = context.sizes().fairness();
        List<String> keys = IntStream.range(0, sizes.otherKeys()).mapToObj(k -> String.valueOf((char) ('B' + k))).toList();
        try (KeyedTraffic traffic = new KeyedTraffic(context.db(), keys, sizes.perKeyRate(), BACKLOG_KEY)) {
            Result empty = emptyQueue(context, sizes, traffic);
            boolean fairFirst = context.run() % 2 == 1;
            Result fair;
            Result unkeyed;
            if (fairFirst) {
                fair = fairBacklog(context, sizes, traffic);
                unkeyed = unkeyedBacklog(context, sizes);
            } else {
                unkeyed = unkeyedBacklog(context, sizes);
                fair = fairBacklog(context, sizes, traffic);
            }
            double emptyP50 = empty.number("pickup_p50_ms").orElseThrow();
            double emptyP99 = empty.number("pickup_p99_ms").orElseThrow();
            fair.headline("empty_pickup_p50_ms", emptyP50)
                    .headline("empty_pickup_p99_ms", emptyP99)
                    .headline("pickup_p99_ratio", fair.number("pickup_p99_ms").orElseThrow() / emptyP99)
                    .headline("drain_ratio", tasksPerSecond(fair) / tasksPerSecond(unkeyed))
                    .detail("traffic_keys", keys.size())
                    .detail("traffic_per_key_per_s", sizes.perKeyRate())
                    .detail("ran_first", fairFirst ? "fair" : "unkeyed");
            return List.of(empty, fair, unkeyed);
        }
    }

    /** The traffic alone, for a fixed time, on workers of the fair drain's shape and settings. */
    private Result emptyQueue(BenchContext context, Sizes.Fairness sizes, KeyedTraffic traffic) throws Exception {
        BenchDatabase db = context.db();
        TaskTable table = db.tasks();
        db.reset();
        List<ChildLink> workers = new ArrayList<>();
        try {
            for (int w = 1; w <= sizes.shape().workers(); w++) {
                workers.add(context.startWorker("fair-worker-" + w, sizes.shape().slots(), DrainScenario.POLL_INTERVAL,
                        FAIR));
            }
            workers.forEach(ChildLink::go);
            int submitted = traffic.runFor(sizes.emptyQueue());
            boolean settled = table.awaitSucceeded(NoopHandler.TYPE, submitted, DrainScenario.TIMEOUT,
                    DrainScenario.DONE_POLL);
            List<String> stats = new ArrayList<>();
            for (ChildLink worker : workers) {
                stats.add(worker.stop(STOP_TIMEOUT));
            }
            ChildStats engine = new ChildStats(stats);
            Result result = Result.of(name()).variant("workers", sizes.shape().workers())
                    .variant("slots", sizes.shape().slots());
            return engine.describe(withPickup(backlog(result, "none", 0), table.pickupMillis(NoopHandler.TYPE))
                            .detail("tasks", submitted)
                            .detail("seconds", sizes.emptyQueue().toSeconds()))
                    .check("drained", settled)
                    .check("exactly_once", DrainScenario.ranOnce(engine, table, submitted));
        } finally {
            workers.forEach(ChildLink::close);
            table.clearFair(NoopHandler.TYPE);
        }
    }

    /** Key A's backlog of the fair type, drained beside the traffic. */
    private Result fairBacklog(BenchContext context, Sizes.Fairness sizes, KeyedTraffic traffic) throws Exception {
        TaskTable table = context.db().tasks();
        AsyncTaskClient client = new BenchEngine(context.db().pool()).client();
        Result result;
        try {
            result = drain.drain(context, name(), sizes.shape().workers(), sizes.shape().slots(), FAIR, sizes.backlog(),
                    count -> new TaskFeed(client, NoopHandler.TYPE).submitInBatches(count, BACKLOG_KEY), traffic);
        } finally {
            table.clearFair(NoopHandler.TYPE);
        }
        return withPickup(backlog(result, "key_a_fair", sizes.backlog()),
                table.pickupMillisBeside(NoopHandler.TYPE, BACKLOG_KEY));
    }

    /** The same number of tasks without a key, at the default claims. */
    private Result unkeyedBacklog(BenchContext context, Sizes.Fairness sizes) throws Exception {
        AsyncTaskClient client = new BenchEngine(context.db().pool()).client();
        return backlog(drain.drain(context, name(), sizes.shape().workers(), sizes.shape().slots(), Args.of(),
                sizes.backlog(), count -> new TaskFeed(client, NoopHandler.TYPE).submitInBatches(count)),
                "unkeyed", sizes.backlog());
    }

    private static Result backlog(Result result, String backlog, int tasks) {
        return result.variant("backlog", backlog).variant("backlog_tasks", tasks);
    }

    /** The traffic's pickup: p50 and p99 as headlines, how many tasks and the slowest as details. */
    private static Result withPickup(Result result, List<Double> pickupMillis) {
        return result.headline("pickup_p50_ms", Numbers.percentile(pickupMillis, 50))
                .headline("pickup_p99_ms", Numbers.percentile(pickupMillis, 99))
                .detail("pickup_max_ms", Numbers.max(pickupMillis))
                .detail("pickup_tasks", pickupMillis.size());
    }

    private static double tasksPerSecond(Result result) {
        return result.number("tasks_per_s").orElseThrow();
    }
}
