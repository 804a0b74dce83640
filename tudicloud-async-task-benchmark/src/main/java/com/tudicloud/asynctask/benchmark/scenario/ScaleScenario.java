package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.benchmark.db.BenchDatabase;
import com.tudicloud.asynctask.benchmark.engine.BenchEngine;
import com.tudicloud.asynctask.benchmark.engine.NoopHandler;
import com.tudicloud.asynctask.benchmark.engine.TaskFeed;
import com.tudicloud.asynctask.benchmark.report.Numbers;
import com.tudicloud.asynctask.benchmark.report.Result;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.zaxxer.hikari.HikariDataSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code scale}: claim latency as the table grows. The table gets F finished rows (SUCCESS, some
 * FAILED and CANCELLED), then Q queued tasks, which one claimer claims in batches (each claim timed)
 * and completes, until none is left. F grows from the smallest size to the largest in one table, and
 * each size is compared with the smallest by the median claim. A variant adds, on the largest
 * table, a backlog of queued tasks of a type the claimer does not handle, due before its own. The last
 * one puts tasks of the claimer's own type at a higher priority, due in an hour, in front of its due
 * ones, and compares its median claim with that of a type with the same queue and nothing ahead, claimed
 * in turns on the same table ({@code not_due_ratio}). The claimer first claims one round of warm-up tasks, untimed.
 */
final class ScaleScenario implements Scenario {

    private static final String CLAIMER = "scale-claimer";
    private static final String OTHER_TYPE = "bench.other";
    /** Claimed in turns with the claimer's type, with no not-yet-due tasks ahead of its queue. */
    private static final String PLAIN_TYPE = "bench.plain";

    @Override
    public String name() {
        return "scale";
    }

    @Override
    public List<Result> run(BenchContext context) {
        BenchDatabase db = context.db();
        Sizes sizes = context.sizes();
        db.reset();
        List<Result> results = new ArrayList<>();
        try (HikariDataSource pool = db.newPool("scale", 2)) {
            BenchEngine engine = new BenchEngine(pool);
            Claimer claimer = new Claimer(MyBatisStores.create(pool).leaseStore(), NoopHandler.TYPE, sizes.scale().batch());
            TaskFeed feed = new TaskFeed(engine.client(), NoopHandler.TYPE);
            feed.submitInBatches(sizes.warmupTasks());
            claimer.claimAll();

            long finished = sizes.warmupTasks();
            Double smallestP50 = null;
            for (int rows : sizes.scale().finishedRows()) {
                long seedStart = System.nanoTime();
                db.tasks().insertFinished(NoopHandler.TYPE, finished, rows - finished);
                double seedSeconds = (System.nanoTime() - seedStart) / 1e9;
                finished = rows;
                Result result = measure(context, feed, claimer).variant("finished_rows", rows);
                smallestP50 = smallestP50 == null ? result.figure("claim_ms_p50").orElseThrow() : smallestP50;
                results.add(withRatio(result, smallestP50).detail("seed_s", seedSeconds));
            }

            new TaskFeed(engine.client(), OTHER_TYPE).submitInBatches(sizes.scale().otherTypeBacklog());
            Result result = measure(context, feed, claimer).variant("finished_rows", finished)
                    .variant("queued_other_type", sizes.scale().otherTypeBacklog());
            results.add(withRatio(result, smallestP50));

            results.add(notYetDueAhead(context, engine, feed, claimer, finished));
        }
        return results;
    }

    /**
     * Claims of the claimer's type, with the not-yet-due tasks ranked before its due ones, against claims of a
     * type with the same queue and none ahead, in turns on the same table, so that both meet the same
     * server and the same buffer pool.
     */
    private Result notYetDueAhead(BenchContext context, BenchEngine engine, TaskFeed feed, Claimer claimer, long finished) {
        Sizes.Scale scale = context.sizes().scale();
        List<TaskRequest> later = new ArrayList<>(TaskFeed.BATCH);
        for (int i = 0; i < scale.notDueAhead(); i++) {
            later.add(TaskRequest.of(NoopHandler.TYPE, Map.of("n", i)).withPriority(9).withDelay(Duration.ofHours(1)));
            if (later.size() == TaskFeed.BATCH || i == scale.notDueAhead() - 1) {
                engine.client().submitAll(later);
                later.clear();
            }
        }
        feed.submitInBatches(scale.queued());
        new TaskFeed(engine.client(), PLAIN_TYPE).submitInBatches(scale.queued());
        Claimer plain = new Claimer(claimer.store, PLAIN_TYPE, scale.batch());
        claimer.start();
        plain.start();
        boolean more = true;
        while (more) {
            more = claimer.claimOnce() | plain.claimOnce();
        }
        double withP50 = Numbers.percentile(claimer.claimMillis, 50);
        double withoutP50 = Numbers.percentile(plain.claimMillis, 50);
        return Result.of(name()).variant("finished_rows", finished).variant("not_due_ahead", scale.notDueAhead())
                .headline("claim_ms_p50", withP50)
                .headline("claim_ms_p99", Numbers.percentile(claimer.claimMillis, 99))
                .headline("not_due_ratio", withP50 / withoutP50)
                .detail("claim_ms_p50_without", withoutP50)
                .detail("claims", claimer.claimMillis.size()).detail("batch", scale.batch())
                .check("all_claimed", claimer.claimed == scale.queued() && plain.claimed == scale.queued())
                .check("not_due_left_waiting", context.db().tasks().countWaiting(NoopHandler.TYPE) == scale.notDueAhead());
    }

    private Result measure(BenchContext context, TaskFeed feed, Claimer claimer) {
        Sizes sizes = context.sizes();
        feed.submitInBatches(sizes.scale().queued());
        String plan = context.db().tasks().explainClaim(NoopHandler.TYPE, sizes.scale().batch());
        claimer.claimAll();
        return Result.of(name())
                .headline("claim_ms_p50", Numbers.percentile(claimer.claimMillis, 50))
                .headline("claim_ms_p99", Numbers.percentile(claimer.claimMillis, 99))
                .detail("claims", claimer.claimMillis.size()).detail("batch", sizes.scale().batch())
                .detail("complete_ms_p50", Numbers.percentile(claimer.completeMillis, 50))
                .detail("plan", plan)
                .check("all_claimed", claimer.claimed == sizes.scale().queued());
    }

    private static Result withRatio(Result result, double smallestP50) {
        return result.headline("claim_p50_ratio", result.figure("claim_ms_p50").orElseThrow() / smallestP50);
    }

    /** Claims tasks of one type in batches, each claim and completion timed, until none is due. */
    private static final class Claimer {

        private final LeaseStore store;
        private final ClaimRequest request;
        private List<Double> claimMillis;
        private List<Double> completeMillis;
        private int claimed;

        Claimer(LeaseStore store, String taskType, int batch) {
            this.store = store;
            this.request = new ClaimRequest(CLAIMER, Set.of(taskType), batch, Duration.ofMinutes(1), ConcurrencyLimits.NONE);
        }

        void claimAll() {
            start();
            while (claimOnce()) {
                // until nothing is due
            }
        }

        void start() {
            claimMillis = new ArrayList<>();
            completeMillis = new ArrayList<>();
            claimed = 0;
        }

        /** @return whether the claim found tasks (then timed, and completed) */
        boolean claimOnce() {
            long start = System.nanoTime();
            List<ClaimedTask> batch = store.claim(request);
            if (batch.isEmpty()) {
                return false;
            }
            claimMillis.add((System.nanoTime() - start) / 1e6);
            claimed += batch.size();
            start = System.nanoTime();
            store.complete(CLAIMER, batch.stream().map(t -> Completion.succeeded(t.id(), t.leaseToken(), null)).toList());
            completeMillis.add((System.nanoTime() - start) / 1e6);
            return true;
        }
    }
}
