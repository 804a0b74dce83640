package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.benchmark.Args;
import com.tudicloud.asynctask.benchmark.db.BenchDatabase;
import com.tudicloud.asynctask.benchmark.db.TaskTable;
import com.tudicloud.asynctask.benchmark.engine.BenchEngine;
import com.tudicloud.asynctask.benchmark.engine.NoopHandler;
import com.tudicloud.asynctask.benchmark.engine.TaskFeed;
import com.tudicloud.asynctask.benchmark.jvm.ChildLink;
import com.tudicloud.asynctask.benchmark.report.Result;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code rate-limit}: whether a type's rate limit holds across a fleet and is reached. K worker JVMs of T slots, at the
 * default poll interval (the rate wait times a held-back claim to its window, not to the poll), run no-op tasks of
 * one type under a limit of N starts per period P for a fixed time, over more queued tasks than the limit lets start
 * in it, so that work waits throughout. Afterwards, by the database's clock: the most starts within any window
 * (t - P, t], over every task's started_at and over what the start log still holds; the achieved rate
 * ({@code rate_ratio}): the starts within the whole periods from the first start to the end of the run, over N per
 * period; the statements the workers sent per start. Checks: no window over N, work still waiting at the end, every
 * started task ran once and succeeded at its first claim, every other task untouched (QUEUED, no attempt spent).
 */
final class RateLimitScenario implements Scenario {

    @Override
    public String name() {
        return "rate-limit";
    }

    @Override
    public List<Result> run(BenchContext context) throws Exception {
        Sizes.RateLimit sizes = context.sizes().rateLimit();
        BenchDatabase db = context.db();
        TaskTable table = db.tasks();
        long periodMillis = sizes.period().toMillis();
        Duration pollInterval = BenchEngine.defaults().build().pollInterval();
        db.reset();
        List<ChildLink> workers = new ArrayList<>();
        try {
            for (int w = 1; w <= sizes.shape().workers(); w++) {
                workers.add(context.startWorker("rate-worker-" + w, sizes.shape().slots(), pollInterval,
                        Args.of("rate-limit", sizes.limit(), "rate-period-ms", periodMillis)));
            }
            new TaskFeed(new BenchEngine(db.pool()).client(), NoopHandler.TYPE).submitInBatches(sizes.tasks());
            workers.forEach(ChildLink::go);
            Thread.sleep(sizes.duration().toMillis());
            long endMillis = table.nowMillis();
            List<String> stats = new ArrayList<>();
            for (ChildLink worker : workers) {
                stats.add(worker.stop(Duration.ofSeconds(90)));
            }
            ChildStats engine = new ChildStats(stats);

            List<Long> starts = table.startMillis(NoopHandler.TYPE);
            int mostInWindow = mostInWindow(starts, periodMillis);
            int mostLogged = mostInWindow(table.loggedStartMillis(NoopHandler.TYPE), periodMillis);
            WholePeriods measured = wholePeriods(starts, periodMillis, endMillis);
            long neverStarted = table.countNeverStarted(NoopHandler.TYPE);
            long succeededOnce = table.countSucceededOnFirstClaim(NoopHandler.TYPE);
            Result result = Result.of(name()).variant("workers", sizes.shape().workers())
                    .variant("slots", sizes.shape().slots()).variant("rate_limit", sizes.limit())
                    .variant("rate_period_ms", periodMillis)
                    .headline("most_in_window", mostInWindow)
                    .headline("rate_ratio", measured.ratioTo(sizes.limit()))
                    .headline("statements_per_start", engine.sum("statements") / starts.size())
                    .detail("most_in_window_logged", mostLogged)
                    .detail("starts", starts.size())
                    .detail("periods_measured", measured.periods())
                    .detail("starts_measured", measured.starts())
                    .detail("tasks", sizes.tasks())
                    .detail("waiting_at_end", neverStarted)
                    .detail("executions", engine.sum("executions"))
                    .detail("poll_interval_ms", pollInterval.toMillis());
            return List.of(engine.describe(result)
                    .check("window_held", mostInWindow <= sizes.limit() && mostLogged <= sizes.limit())
                    .check("work_waited", neverStarted > 0)
                    .check("exactly_once", engine.sum("executions") == starts.size() && succeededOnce == starts.size())
                    .check("no_failure_or_extra_attempt", succeededOnce + neverStarted == table.count(NoopHandler.TYPE)));
        } finally {
            workers.forEach(ChildLink::close);
            table.clearRateLimit(NoopHandler.TYPE);
        }
    }

    /**
     * The most starts within any window (t - period, t], from starts in epoch ms, earliest first: the busiest window
     * ends at a start, so only those ends are tried, each with the first start still inside it.
     */
    static int mostInWindow(List<Long> sortedStarts, long periodMillis) {
        int most = 0;
        int first = 0;
        for (int last = 0; last < sortedStarts.size(); last++) {
            while (sortedStarts.get(first) <= sortedStarts.get(last) - periodMillis) {
                first++;
            }
            most = Math.max(most, last - first + 1);
        }
        return most;
    }

    /**
     * The whole periods from the first start to {@code endMillis}, and the starts within them, [first, first + k P):
     * a limit of N lets at most k N start there, so their ratio to k N is the share of the limit reached.
     */
    static WholePeriods wholePeriods(List<Long> sortedStarts, long periodMillis, long endMillis) {
        if (sortedStarts.isEmpty()) {
            return new WholePeriods(0, 0);
        }
        long first = sortedStarts.get(0);
        int periods = (int) Math.max(0, (endMillis - first) / periodMillis);
        long until = first + periods * periodMillis;
        return new WholePeriods(periods, (int) sortedStarts.stream().filter(start -> start < until).count());
    }

    /** {@code starts} started within {@code periods} whole periods. */
    record WholePeriods(int periods, int starts) {

        /** The starts over what a limit of {@code limit} per period lets start in them; NaN for no whole period. */
        double ratioTo(int limit) {
            return periods == 0 ? Double.NaN : (double) starts / ((long) periods * limit);
        }
    }
}
