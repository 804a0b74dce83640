package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.benchmark.Args;
import com.tudicloud.asynctask.benchmark.db.BenchDatabase;
import com.tudicloud.asynctask.benchmark.engine.NoopHandler;
import com.tudicloud.asynctask.benchmark.jvm.ChildLink;
import com.tudicloud.asynctask.benchmark.jvm.ProducerMain;
import com.tudicloud.asynctask.benchmark.report.Numbers;
import com.tudicloud.asynctask.benchmark.report.Result;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code latency}: a producer submits tasks one by one at a steady rate while one worker (poll
 * interval 100 ms) runs them; pickup latency is claimed minus due ({@code started_at - available_at},
 * both by the database's clock). Once with the producer in a JVM of its own (the worker learns of new
 * tasks only by polling), once with the producer in the worker's JVM (each submit wakes the poller).
 * Also the worker JVM's CPU time per task it picked up, and what it sent per task.
 */
final class LatencyScenario implements Scenario {

    private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(60);

    @Override
    public String name() {
        return "latency";
    }

    @Override
    public List<Result> run(BenchContext context) throws Exception {
        return List.of(producerInOtherJvm(context), producerInWorkerJvm(context));
    }

    private Result producerInOtherJvm(BenchContext context) throws Exception {
        Sizes sizes = context.sizes();
        context.db().reset();
        try (ChildLink worker = startWorker(context, List.of())) {
            worker.go();
            List<String> args = new ArrayList<>(context.db().coordinates().toArgs());
            args.addAll(Args.of("rate", sizes.latency().rate(), "seconds", sizes.latency().duration().toSeconds()));
            int produced;
            try (ChildLink producer = ChildLink.start("producer", ProducerMain.class, context.childJvmOptions(), args)) {
                producer.awaitReady(BenchContext.JVM_START_TIMEOUT);
                producer.go();
                produced = producer.awaitProduced(sizes.latency().duration().plus(SETTLE_TIMEOUT));
            }
            return measure(context, "other_jvm", worker, produced);
        }
    }

    private Result producerInWorkerJvm(BenchContext context) throws Exception {
        Sizes sizes = context.sizes();
        context.db().reset();
        try (ChildLink worker = startWorker(context, Args.of("produce-rate", sizes.latency().rate(),
                "produce-seconds", sizes.latency().duration().toSeconds()))) {
            worker.go();
            int produced = worker.awaitProduced(sizes.latency().duration().plus(SETTLE_TIMEOUT));
            return measure(context, "same_jvm", worker, produced);
        }
    }

    private ChildLink startWorker(BenchContext context, List<String> extraArgs) throws InterruptedException {
        Sizes sizes = context.sizes();
        return context.startWorker("latency-worker", sizes.latency().slots(), sizes.latency().pollInterval(), extraArgs);
    }

    private Result measure(BenchContext context, String producer, ChildLink worker, int produced) throws Exception {
        BenchDatabase db = context.db();
        boolean settled = db.tasks().awaitSucceeded(NoopHandler.TYPE, produced, SETTLE_TIMEOUT, Duration.ofMillis(50));
        ChildStats engine = new ChildStats(List.of(worker.stop(Duration.ofSeconds(90))));
        List<Double> pickup = db.tasks().pickupMillis(NoopHandler.TYPE);
        Sizes sizes = context.sizes();
        Result result = Result.of(name()).variant("producer", producer)
                .headline("p50_ms", Numbers.percentile(pickup, 50))
                .headline("p90_ms", Numbers.percentile(pickup, 90))
                .headline("p99_ms", Numbers.percentile(pickup, 99))
                .headline("max_ms", Numbers.max(pickup))
                .detail("mean_ms", Numbers.mean(pickup))
                .detail("rate_per_s", sizes.latency().rate()).detail("seconds", sizes.latency().duration().toSeconds())
                .detail("tasks", produced).detail("slots", sizes.latency().slots())
                .detail("poll_interval_ms", sizes.latency().pollInterval().toMillis());
        return engine.describe(result)
                .headline("worker_cpu_us_per_task", engine.ratio("cpu_us", "executions"))
                .check("all_succeeded", settled && pickup.size() == produced);
    }
}
