package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.benchmark.db.BenchDatabase;
import com.tudicloud.asynctask.benchmark.db.SessionStatements;
import com.tudicloud.asynctask.benchmark.engine.BenchEngine;
import com.tudicloud.asynctask.benchmark.engine.BlockingHandler;
import com.tudicloud.asynctask.benchmark.engine.OperationStats;
import com.tudicloud.asynctask.benchmark.engine.TaskFeed;
import com.tudicloud.asynctask.benchmark.report.Numbers;
import com.tudicloud.asynctask.benchmark.report.Result;
import com.tudicloud.asynctask.worker.WorkerConfig;
import com.tudicloud.asynctask.worker.engine.AsyncTaskWorker;
import com.zaxxer.hikari.HikariDataSource;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * {@code heartbeat}: one worker holds L running tasks (handlers that block) on a pool of exactly one
 * connection, so that the session's statement counter is the worker's alone. Over R heartbeat rounds,
 * with nothing else to do (no free slot to claim for, no outcome to write, recovery not due), it
 * counts every statement the worker sent per round, and times each renewal call of the store.
 */
final class HeartbeatScenario implements Scenario {

    private static final Duration FILL_TIMEOUT = Duration.ofSeconds(120);

    @Override
    public String name() {
        return "heartbeat";
    }

    @Override
    public List<Result> run(BenchContext context) throws Exception {
        Sizes sizes = context.sizes();
        int leases = sizes.heartbeat().leases();
        BenchDatabase db = context.db();
        db.reset();
        new TaskFeed(new BenchEngine(db.pool()).client(), BlockingHandler.TYPE).submitInBatches(leases);

        BlockingHandler handler = new BlockingHandler();
        try (HikariDataSource pool = db.newPool("heartbeat-worker", 1)) {
            BenchEngine engine = new BenchEngine(pool);
            AsyncTaskWorker worker = engine.worker("heartbeat-worker", settings(leases, sizes.heartbeat().interval()),
                    List.of(handler));
            worker.start();
            try {
                await(() -> handler.running() == leases && worker.activeTasks() == leases, FILL_TIMEOUT);
                return List.of(measureRounds(engine.leaseStore().renewals(), new SessionStatements(pool), leases,
                        sizes.heartbeat().rounds(), sizes.heartbeat().interval()));
            } finally {
                handler.releaseAll();
                db.tasks().awaitSucceeded(BlockingHandler.TYPE, leases, FILL_TIMEOUT, Duration.ofMillis(50));
                worker.stop();
            }
        }
    }

    /**
     * The statement counter is read a fifth of an interval after a renewal returned: the round's
     * other write (the worker's registry row, right after the renewal) is done by then, and the next
     * round is far off.
     */
    private Result measureRounds(OperationStats renewals, SessionStatements statements, int leases, int rounds,
                                 Duration interval) throws InterruptedException {
        Duration settle = interval.dividedBy(5);
        int first = renewals.calls() + 1;
        await(() -> renewals.calls() >= first, interval.multipliedBy(3));
        Thread.sleep(settle.toMillis());
        Map<Long, Long> before = statements.read();
        int from = renewals.calls();
        await(() -> renewals.calls() >= from + rounds, interval.multipliedBy(rounds + 3L));
        Thread.sleep(settle.toMillis());
        Map<Long, Long> after = statements.read();
        int to = renewals.calls();

        List<Double> renewMillis = renewals.millis(from, to);
        return Result.of(name()).variant("leases", leases)
                .headline("statements_per_round", (double) SessionStatements.between(before, after) / (to - from))
                .headline("renew_ms_p50", Numbers.median(renewMillis))
                .headline("renew_ms_max", Numbers.max(renewMillis))
                .detail("rounds", to - from).detail("interval_ms", interval.toMillis());
    }

    /** Slots for every lease; lease and recovery long enough that no recovery round falls in the window. */
    private static WorkerConfig.Builder settings(int leases, Duration heartbeat) {
        return BenchEngine.settings(leases, Duration.ofMillis(100)).heartbeatInterval(heartbeat)
                .leaseTimeout(heartbeat.multipliedBy(30)).recoveryInterval(heartbeat.multipliedBy(60))
                .shutdownTimeout(Duration.ofSeconds(30));
    }

    private static void await(BooleanSupplier condition, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("heartbeat scenario: condition not met within " + timeout);
            }
            Thread.sleep(5);
        }
    }
}
