package com.tudicloud.asynctask.benchmark;

import com.tudicloud.asynctask.api.spi.TaskEventMode;
import com.tudicloud.asynctask.benchmark.db.BenchDatabase;
import com.tudicloud.asynctask.benchmark.db.PeerDatabase;
import com.tudicloud.asynctask.benchmark.db.ServerInfo;
import com.tudicloud.asynctask.benchmark.db.ServerSettling;
import com.tudicloud.asynctask.benchmark.peer.PeerSystem;
import com.tudicloud.asynctask.benchmark.report.Result;
import com.tudicloud.asynctask.benchmark.report.ResultTable;
import com.tudicloud.asynctask.benchmark.scenario.BenchContext;
import com.tudicloud.asynctask.benchmark.scenario.Scenario;
import com.tudicloud.asynctask.benchmark.scenario.Scenarios;

import java.time.Duration;
import java.util.List;

/**
 * Runs the benchmark scenarios against a MySQL/MariaDB server and prints one
 * {@code RESULT system=... scenario=...} line per scenario variant (with the machine's load when it
 * ended), then a summary table with every run, the medians and the goals, and a table of what each
 * drained task cost each system. Exits 1 when a correctness check fails (a task lost or run twice, a
 * statement count the server does not confirm), 2 when a scenario could not run. Options:
 * {@link BenchOptions}.
 */
public final class BenchmarkMain {

    /** A scenario starts once the server is quiet, or after this long anyway; the smoke run does not wait. */
    private static final Duration SETTLE_AT_MOST = Duration.ofMinutes(1);

    private BenchmarkMain() {
    }

    public static void main(String[] argv) {
        int status;
        try {
            status = run(BenchOptions.parse(Args.parse(argv))) ? 0 : 1;
        } catch (Exception e) {
            e.printStackTrace();
            status = 2;
        }
        System.exit(status);
    }

    /** @return whether every correctness check passed */
    private static boolean run(BenchOptions options) throws Exception {
        long started = System.nanoTime();
        boolean passed = true;
        boolean peer = Scenarios.needPeer(options.scenarios());
        try (BenchDatabase db = BenchDatabase.prepare(options.database());
             PeerDatabase peerDb = peer ? PeerDatabase.prepare(options.peerDatabase(), options.peers()) : null) {
            System.out.println("MACHINE cores=" + Runtime.getRuntime().availableProcessors() + " load=" + LoadAverage.all()
                    + " java=" + System.getProperty("java.version") + " " + ServerInfo.describe(db.pool())
                    + " database=" + db.coordinates().database()
                    + (peer ? " peers=" + options.peers().stream().map(BenchmarkMain::describe).toList()
                            + " peer_database=" + peerDb.coordinates().database() : "")
                    + " tasks=" + options.sizes().drain().tasks() + " warmup_tasks=" + options.sizes().warmupTasks()
                    + (peer ? " peer_warmup_tasks=" + options.sizes().peerWarmupTasks() : "")
                    + " events=" + TaskEventMode.DEFAULT + " mode=" + (options.quick() ? "quick" : "full"));
            ResultTable table = new ResultTable(options.runs());
            ServerSettling settling = new ServerSettling(db.pool());
            for (int run = 1; run <= options.runs(); run++) {
                BenchContext context = new BenchContext(run, db, peerDb, options.peers(), options.sizes(),
                        options.childJvmOptions());
                for (Scenario scenario : options.scenarios()) {
                    Duration settled = settling.await(options.quick() ? Duration.ZERO : SETTLE_AT_MOST);
                    System.err.printf("server settled in %.1f s before %s (run %d)%n", settled.toMillis() / 1e3,
                            scenario.name(), run);
                    long scenarioStart = System.nanoTime();
                    List<Result> results = scenario.run(context);
                    System.err.printf("scenario %s (run %d) took %.1f s%n", scenario.name(), run,
                            (System.nanoTime() - scenarioStart) / 1e9);
                    for (Result result : results) {
                        result.detail("load1", LoadAverage.lastMinute());
                        System.out.println(result.line(run));
                        context.add(result);
                        table.add(result);
                        passed &= result.passed();
                    }
                }
            }
            System.out.println();
            table.print(System.out);
            System.out.println();
            table.printCost(System.out);
        }
        System.out.printf("%nbenchmark %s in %.1f s, load %s%n", passed ? "passed its checks" : "FAILED a check",
                (System.nanoTime() - started) / 1e9, LoadAverage.all());
        return passed;
    }

    /** e.g. {@code db-scheduler-16.12.0/lock-and-fetch} */
    private static String describe(PeerSystem peer) {
        return peer.name() + "-" + peer.version() + "/" + peer.variant();
    }
}
