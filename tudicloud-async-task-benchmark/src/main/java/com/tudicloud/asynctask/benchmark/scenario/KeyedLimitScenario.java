package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.benchmark.Args;
import com.tudicloud.asynctask.benchmark.db.TaskTable;
import com.tudicloud.asynctask.benchmark.engine.BenchEngine;
import com.tudicloud.asynctask.benchmark.engine.NoopHandler;
import com.tudicloud.asynctask.benchmark.engine.TaskFeed;
import com.tudicloud.asynctask.benchmark.report.Result;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * {@code keyed-limit}: what a per-key cap costs a drain, and whether it holds. K worker JVMs of T slots drain N tasks
 * that each sleep a few milliseconds three times in one run: without keys, spread over many keys under a cap per key
 * ({@code key-concurrency}; each key's tasks submitted one after the other), without keys again. The keyed drain reports its tasks/s as a ratio to the mean of the
 * two around it, and the most tasks of one key that ran at once two ways: sampled while it ran (the RUNNING rows per
 * key, every {@value #SAMPLE_MILLIS} ms) and audited afterwards from every row's start and finish by the database's
 * clock (a finish and a start in the same millisecond do not overlap: the claim that starts a task reads the finish
 * of the one before it as committed). Checks: both at most the cap, and the cap reached.
 */
final class KeyedLimitScenario implements Scenario {

    static final int SAMPLE_MILLIS = 20;

    private final DrainScenario drain = new DrainScenario();

    @Override
    public String name() {
        return "keyed-limit";
    }

    @Override
    public List<Result> run(BenchContext context) throws Exception {
        Sizes.KeyedLimit sizes = context.sizes().keyedLimit();
        AsyncTaskClient client = new BenchEngine(context.db().pool()).client();
        Result before = unkeyed(context, sizes, client, "unkeyed");
        Result keyed = keyed(context, sizes, client);
        Result after = unkeyed(context, sizes, client, "unkeyed-again");
        double unkeyedMean = (tasksPerSecond(before) + tasksPerSecond(after)) / 2;
        keyed.headline("ratio_to_unkeyed", tasksPerSecond(keyed) / unkeyedMean);
        return List.of(before, keyed, after);
    }

    private Result unkeyed(BenchContext context, Sizes.KeyedLimit sizes, AsyncTaskClient client, String variant)
            throws Exception {
        return drain.drain(context, name(), sizes.shape().workers(), sizes.shape().slots(),
                Args.of("work-ms", sizes.work().toMillis()), sizes.tasks(),
                count -> new TaskFeed(client, NoopHandler.TYPE).submitInBatches(count)).variant("tasks", variant);
    }

    private Result keyed(BenchContext context, Sizes.KeyedLimit sizes, AsyncTaskClient client) throws Exception {
        TaskTable table = context.db().tasks();
        AtomicInteger mostSampled = new AtomicInteger();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        Result result;
        try {
            sampler.scheduleWithFixedDelay(() -> mostSampled.accumulateAndGet(table.mostRunningOfOneKey(NoopHandler.TYPE),
                    Math::max), 0, SAMPLE_MILLIS, TimeUnit.MILLISECONDS);
            result = drain.drain(context, name(), sizes.shape().workers(), sizes.shape().slots(),
                    Args.of("work-ms", sizes.work().toMillis(), "key-concurrency", sizes.perKey()), sizes.tasks(),
                    count -> submitKeyed(client, count, sizes.keys()));
        } finally {
            sampler.shutdownNow();
            sampler.awaitTermination(10, TimeUnit.SECONDS);
            table.clearKeyCap(NoopHandler.TYPE);
        }
        int mostAudited = mostAtOnce(table.keyedRuns(NoopHandler.TYPE));
        return result.variant("tasks", "keyed").detail("keys", sizes.keys()).detail("per_key_cap", sizes.perKey())
                .detail("most_running_sampled", mostSampled.get())
                .detail("most_running_audited", mostAudited)
                .check("cap_held", mostSampled.get() <= sizes.perKey() && mostAudited <= sizes.perKey())
                .check("cap_reached", mostAudited == sizes.perKey());
    }

    /**
     * Each key's tasks in one run of ids, so that the claim order (priority, due time, id) would hand a whole claim to
     * one key if the cap did not stop it.
     */
    private static void submitKeyed(AsyncTaskClient client, int count, int keys) {
        for (int from = 0; from < count; from += TaskFeed.BATCH) {
            List<TaskRequest> batch = new ArrayList<>(TaskFeed.BATCH);
            for (int i = from; i < Math.min(count, from + TaskFeed.BATCH); i++) {
                batch.add(TaskRequest.of(NoopHandler.TYPE, Map.of("n", i)).withKey("customer-" + (long) i * keys / count));
            }
            client.submitAll(batch);
        }
    }

    /** The most runs of one key that overlap: per key, a sweep over starts and finishes, a finish first at a tie. */
    static int mostAtOnce(List<TaskTable.KeyedRun> runs) {
        int most = 0;
        for (List<TaskTable.KeyedRun> ofKey : runs.stream().collect(Collectors.groupingBy(TaskTable.KeyedRun::key)).values()) {
            List<long[]> edges = new ArrayList<>();
            for (TaskTable.KeyedRun run : ofKey) {
                edges.add(new long[] {run.startedMillis(), 1});
                edges.add(new long[] {run.finishedMillis(), -1});
            }
            edges.sort(Comparator.<long[]>comparingLong(edge -> edge[0]).thenComparingLong(edge -> edge[1]));
            int running = 0;
            for (long[] edge : edges) {
                running += (int) edge[1];
                most = Math.max(most, running);
            }
        }
        return most;
    }

    private static double tasksPerSecond(Result result) {
        return result.number("tasks_per_s").orElseThrow();
    }
}
