package com.tudicloud.asynctask.benchmark.scenario;

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

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code scale}: claim latency as history grows. The table gets F finished rows (SUCCESS, some FAILED
 * and CANCELLED), then Q queued tasks, which one claimer claims in batches (each claim timed) and
 * completes, until none is left. F grows from the smallest size to the largest in one table; the
 * largest is compared with the smallest by the median claim. The claimer first claims one round of
 * warm-up tasks, untimed.
 */
final class ScaleScenario implements Scenario {

    private static final String CLAIMER = "scale-claimer";

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
            LeaseStore store = MyBatisStores.create(pool).leaseStore();
            TaskFeed feed = new TaskFeed(new BenchEngine(pool).client(), NoopHandler.TYPE);
            feed.submitInBatches(sizes.warmupTasks());
            claimAll(store, sizes.scaleBatch(), new ArrayList<>(), new ArrayList<>());
            long finished = sizes.warmupTasks();
            Double smallestP50 = null;
            for (int rows : sizes.scaleFinishedRows()) {
                long seedStart = System.nanoTime();
                db.tasks().insertFinished(NoopHandler.TYPE, finished, rows - finished);
                double seedSeconds = (System.nanoTime() - seedStart) / 1e9;
                finished = rows;
                feed.submitInBatches(sizes.scaleQueued());
                String plan = db.tasks().explainClaim(NoopHandler.TYPE, sizes.scaleBatch());

                List<Double> claimMillis = new ArrayList<>();
                List<Double> completeMillis = new ArrayList<>();
                claimAll(store, sizes.scaleBatch(), claimMillis, completeMillis);
                double p50 = Numbers.percentile(claimMillis, 50);
                smallestP50 = smallestP50 == null ? p50 : smallestP50;
                results.add(Result.of(name()).variant("finished_rows", rows)
                        .headline("claim_ms_p50", p50)
                        .headline("claim_ms_p99", Numbers.percentile(claimMillis, 99))
                        .headline("claim_p50_ratio", p50 / smallestP50)
                        .detail("claims", claimMillis.size()).detail("batch", sizes.scaleBatch())
                        .detail("complete_ms_p50", Numbers.percentile(completeMillis, 50))
                        .detail("seed_s", seedSeconds).detail("plan", plan)
                        .check("all_claimed", claimMillis.size() * sizes.scaleBatch() >= sizes.scaleQueued()));
            }
        }
        return results;
    }

    private static void claimAll(LeaseStore store, int batch, List<Double> claimMillis, List<Double> completeMillis) {
        ClaimRequest request = new ClaimRequest(CLAIMER, Set.of(NoopHandler.TYPE), batch, 60_000, ConcurrencyLimits.NONE);
        while (true) {
            long start = System.nanoTime();
            List<ClaimedTask> claimed = store.claim(request);
            if (claimed.isEmpty()) {
                return;
            }
            claimMillis.add((System.nanoTime() - start) / 1e6);
            start = System.nanoTime();
            store.complete(CLAIMER, claimed.stream().map(t -> Completion.succeeded(t.id(), t.leaseToken(), null)).toList());
            completeMillis.add((System.nanoTime() - start) / 1e6);
        }
    }
}
