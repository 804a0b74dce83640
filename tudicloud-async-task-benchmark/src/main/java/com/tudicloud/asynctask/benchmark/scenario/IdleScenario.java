package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.benchmark.Args;
import com.tudicloud.asynctask.benchmark.jvm.ChildLink;
import com.tudicloud.asynctask.benchmark.report.Result;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * {@code idle}: what a worker costs the database when there is nothing to do. One worker JVM with
 * the default settings of docs/configuration.md (poll interval, heartbeat, registry refresh,
 * recovery) and an empty queue; after it has settled, everything it sends in a window (30 s in the
 * full run), counted by its driver, is divided by the window's length. The server's per-session
 * counters over the worker's whole run must agree with the driver's.
 */
final class IdleScenario implements Scenario {

    private static final Duration REPORT_TIMEOUT = Duration.ofSeconds(60);

    @Override
    public String name() {
        return "idle";
    }

    @Override
    public List<Result> run(BenchContext context) throws Exception {
        Sizes.Idle idle = context.sizes().idle();
        context.db().reset();
        try (ChildLink worker = context.startWorker("idle-worker", Args.of("warmup-tasks", 0,
                "window-after-ms", idle.settle().toMillis(), "window-ms", idle.window().toMillis()))) {
            worker.go();
            Map<String, Double> window = ChildStats.parse(worker.awaitWindow(idle.settle().plus(idle.window())
                    .plus(REPORT_TIMEOUT)));
            ChildStats whole = new ChildStats(List.of(worker.stop(Duration.ofSeconds(90))));
            double seconds = window.get("seconds");
            Result result = Result.of(name()).variant("settings", "default")
                    .headline("statements_per_s", window.get("statements") / seconds)
                    .detail("commits_per_s", window.get("write_commits") / seconds)
                    .detail("selects_per_s", window.get("selects") / seconds)
                    .detail("sets_per_s", window.get("sets") / seconds)
                    .detail("worker_cpu_ms_per_s", window.get("cpu_us") / 1000 / seconds)
                    .detail("window_s", seconds);
            return List.of(result.check("statements_counted", whole.sum("server_statements") == whole.sum("statements")));
        }
    }
}
