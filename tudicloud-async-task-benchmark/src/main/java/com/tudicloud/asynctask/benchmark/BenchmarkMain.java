package com.tudicloud.asynctask.benchmark;

import com.tudicloud.asynctask.benchmark.db.BenchDatabase;
import com.tudicloud.asynctask.benchmark.db.DbCoordinates;
import com.tudicloud.asynctask.benchmark.db.ServerInfo;
import com.tudicloud.asynctask.benchmark.report.Result;
import com.tudicloud.asynctask.benchmark.report.ResultTable;
import com.tudicloud.asynctask.benchmark.scenario.BenchContext;
import com.tudicloud.asynctask.benchmark.scenario.Scenario;
import com.tudicloud.asynctask.benchmark.scenario.Scenarios;
import com.tudicloud.asynctask.benchmark.scenario.Sizes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Runs the benchmark scenarios against a MySQL/MariaDB server and prints one
 * {@code RESULT system=tudicloud scenario=...} line per scenario variant, then a summary table with
 * every run and the medians. Exits 1 when a correctness check fails (a task lost or run twice), 2 when
 * a scenario could not run.
 * <p>
 * Options: {@code --quick} (a smoke run of a few seconds), {@code --runs=3},
 * {@code --scenarios=raw,drain,latency,submit,heartbeat,scale}, {@code --tasks=20000} (drain and raw),
 * {@code --drain-shapes=1x8,1x16,2x8,2x16} (workers x slots; raw then runs at those batch sizes only),
 * {@code --warmup-tasks=20000} (per worker JVM, untimed),
 * {@code --jdbc-url=jdbc:mysql://127.0.0.1:3306/}, {@code --database=async_task_bench}, {@code --user=root},
 * {@code --password=}, {@code --child-jvm-options="-XX:StartFlightRecording=..."} (worker and producer JVMs).
 */
public final class BenchmarkMain {

    private BenchmarkMain() {
    }

    public static void main(String[] argv) {
        int status;
        try {
            status = run(Args.parse(argv)) ? 0 : 1;
        } catch (Exception e) {
            e.printStackTrace();
            status = 2;
        }
        System.exit(status);
    }

    /** @return whether every correctness check passed */
    private static boolean run(Args args) throws Exception {
        boolean quick = args.flag("quick");
        int runs = args.integer("runs", 1);
        Sizes sizes = quick ? Sizes.quick() : Sizes.full(args.integer("tasks", 20_000));
        sizes = sizes.withWarmupTasks(args.integer("warmup-tasks", sizes.warmupTasks()));
        if (!args.text("drain-shapes", "").isEmpty()) {
            sizes = sizes.withDrainShapes(args.list("drain-shapes", List.of()).stream().map(Sizes.DrainShape::parse).toList());
        }
        List<Scenario> scenarios = Scenarios.named(args.list("scenarios", Scenarios.names()));
        List<String> childJvmOptions = Arrays.stream(args.text("child-jvm-options", "").split("\\s+"))
                .filter(s -> !s.isBlank()).toList();

        long started = System.nanoTime();
        boolean passed = true;
        try (BenchDatabase db = BenchDatabase.prepare(DbCoordinates.from(args))) {
            System.out.println("MACHINE cores=" + Runtime.getRuntime().availableProcessors() + " load=" + loadAverage()
                    + " java=" + System.getProperty("java.version") + " " + ServerInfo.describe(db.pool())
                    + " database=" + db.coordinates().database() + (quick ? " mode=quick" : " mode=full"));
            ResultTable table = new ResultTable(runs);
            for (int run = 1; run <= runs; run++) {
                BenchContext context = new BenchContext(db, sizes, childJvmOptions);
                for (Scenario scenario : scenarios) {
                    long scenarioStart = System.nanoTime();
                    List<Result> results = scenario.run(context);
                    System.err.printf("scenario %s (run %d) took %.1f s%n", scenario.name(), run,
                            (System.nanoTime() - scenarioStart) / 1e9);
                    for (Result result : results) {
                        System.out.println(result.line(run));
                        context.add(result);
                        table.add(result);
                        passed &= result.passed();
                    }
                }
                System.out.println("LOAD after run " + run + ": " + loadAverage());
            }
            System.out.println();
            table.print(System.out);
        }
        System.out.printf("%nbenchmark %s in %.1f s%n", passed ? "passed its checks" : "FAILED a check",
                (System.nanoTime() - started) / 1e9);
        return passed;
    }

    /** The 1, 5 and 15 minute load averages, where the system tells them. */
    private static String loadAverage() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return parts[0] + "/" + parts[1] + "/" + parts[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
