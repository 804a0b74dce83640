package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.BulkResult;
import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.api.spi.TaskFilter;
import com.tudicloud.asynctask.benchmark.db.BenchDatabase;
import com.tudicloud.asynctask.benchmark.engine.BenchEngine;
import com.tudicloud.asynctask.benchmark.engine.TaskFeed;
import com.tudicloud.asynctask.benchmark.report.Numbers;
import com.tudicloud.asynctask.benchmark.report.Result;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.zaxxer.hikari.HikariDataSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code operator}: what operators' controls cost the claim. Two claimer threads ({@link ClaimRounds}) claim
 * batches of four types from a backlog, on their own pool.
 * <ul>
 * <li>bulk retry: N FAILED tasks of a fifth type are retried by filter (ranges of 2,000 ids) while the claimers
 * run; the claim rounds' p50/p99 during the bulk action against the same claimers in half a window before it
 * and half a window after it, and their ratio (the target: at most 2);</li>
 * <li>pause: with no type paused, claim rounds with the worker's pause check alternating with rounds without
 * it on the same threads; with one of the four types paused, in five turns with the claim alone; each against
 * the claim alone.</li>
 * </ul>
 */
final class OperatorScenario implements Scenario {

    private static final List<String> CLAIMED = List.of("op.a", "op.b", "op.c", "op.d");
    private static final String FAILED = "op.failed";
    private static final int BULK_BATCH_IDS = 2_000;
    private static final int CLAIMERS = 2;
    private static final int TURNS = 5;

    @Override
    public String name() {
        return "operator";
    }

    @Override
    public List<Result> run(BenchContext context) throws Exception {
        Sizes.Operator sizes = context.sizes().operator();
        BenchDatabase db = context.db();
        db.reset();
        try (HikariDataSource pool = db.newPool("op-claimers", CLAIMERS + 1)) {
            MyBatisStores stores = MyBatisStores.create(pool);
            MyBatisStores admin = MyBatisStores.create(db.pool());
            AsyncTaskClient client = new BenchEngine(db.pool()).client();
            for (String type : CLAIMED) {
                new TaskFeed(client, type).submitInBatches(sizes.backlog() / CLAIMED.size());
            }
            new TaskFeed(client, FAILED).submitInBatches(sizes.failedTasks());
            db.tasks().markFailed(FAILED);
            // warm: the JIT compiles the claim before it is timed
            measure(new ClaimRounds(stores.leaseStore(), stores.fleetSettings(), Set.copyOf(CLAIMED)), sizes.window());

            List<Result> results = new ArrayList<>();
            results.add(bulkRetry(stores, admin, sizes));
            results.addAll(pause(stores, sizes.window()));
            return results;
        }
    }

    private Result bulkRetry(MyBatisStores stores, MyBatisStores admin, Sizes.Operator sizes) throws InterruptedException {
        // without: half the window before the bulk action and half after it, so that drift of a busy machine evens out
        ClaimRounds before = new ClaimRounds(stores.leaseStore(), stores.fleetSettings(), Set.copyOf(CLAIMED));
        List<Double> without = new ArrayList<>(measure(before, sizes.window().dividedBy(2)));

        ClaimRounds during = new ClaimRounds(stores.leaseStore(), stores.fleetSettings(), Set.copyOf(CLAIMED)).start(CLAIMERS);
        long start = System.nanoTime();
        BulkResult retried = admin.adminStore().retryMatching(
                new TaskFilter(Set.of(TaskStatus.FAILED), FAILED, null, null, null), BULK_BATCH_IDS);
        double bulkSeconds = (System.nanoTime() - start) / 1e9;
        List<Double> with = during.stop();
        ClaimRounds after = new ClaimRounds(stores.leaseStore(), stores.fleetSettings(), Set.copyOf(CLAIMED));
        without.addAll(measure(after, sizes.window().dividedBy(2)));

        double p50Without = Numbers.median(without);
        double p99Without = Numbers.percentile(without, 99);
        double p50With = Numbers.median(with);
        double p99With = Numbers.percentile(with, 99);
        return Result.of(name()).variant("action", "bulk_retry")
                .headline("claim_ms_p50_without", p50Without).headline("claim_ms_p50_with", p50With)
                .headline("claim_ms_p99_without", p99Without).headline("claim_ms_p99_with", p99With)
                .headline("p50_ratio", p50With / p50Without).headline("p99_ratio", p99With / p99Without)
                .detail("failed_tasks", sizes.failedTasks()).detail("retried", retried.changed())
                .detail("batches", retried.batches()).detail("bulk_seconds", bulkSeconds)
                .detail("rounds_without", without.size()).detail("rounds_with", with.size())
                .detail("empty_claims", before.emptyClaims() + during.emptyClaims() + after.emptyClaims())
                .check("all_retried", retried.changed() == sizes.failedTasks());
    }

    /**
     * No type paused: rounds with the worker's pause check and rounds without it, alternating on the same
     * threads. One type of four paused: in turns with the claim alone, so that a busy machine's drift touches
     * both alike.
     */
    private List<Result> pause(MyBatisStores stores, Duration window) throws InterruptedException {
        FleetSettings fleet = stores.fleetSettings();
        ClaimRounds alternating = new ClaimRounds(stores.leaseStore(), fleet, Set.copyOf(CLAIMED), true);
        List<Double> nonePaused = measure(alternating, window);
        List<Double> alongside = alternating.aloneMillis();

        Duration turn = window.dividedBy(TURNS);
        List<Double> claimAlone = new ArrayList<>();
        List<Double> onePaused = new ArrayList<>();
        for (int i = 0; i < TURNS; i++) {
            claimAlone.addAll(measure(new ClaimRounds(stores.leaseStore(), null, Set.copyOf(CLAIMED)), turn));
            fleet.pause(CLAIMED.get(3), "benchmark");
            try {
                onePaused.addAll(measure(new ClaimRounds(stores.leaseStore(), fleet, Set.copyOf(CLAIMED)), turn));
            } finally {
                fleet.resume(CLAIMED.get(3));
            }
        }
        return List.of(pauseResult("none_paused", nonePaused, alongside),
                pauseResult("one_of_4_paused", onePaused, claimAlone));
    }

    /** @param claimAlone the rounds without any pause check it is compared with */
    private Result pauseResult(String variant, List<Double> rounds, List<Double> claimAlone) {
        return Result.of(name()).variant("pause", variant)
                .headline("claim_round_ms_p50", Numbers.median(rounds))
                .headline("claim_round_ms_p99", Numbers.percentile(rounds, 99))
                .headline("claim_alone_ms_p50", Numbers.median(claimAlone))
                .headline("p50_vs_claim_alone", Numbers.median(rounds) / Numbers.median(claimAlone))
                .detail("rounds", rounds.size()).detail("rounds_alone", claimAlone.size());
    }

    private static List<Double> measure(ClaimRounds rounds, Duration window) throws InterruptedException {
        rounds.start(CLAIMERS);
        Thread.sleep(window.toMillis());
        return rounds.stop();
    }
}
