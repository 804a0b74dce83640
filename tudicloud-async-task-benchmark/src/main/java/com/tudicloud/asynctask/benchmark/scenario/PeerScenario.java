package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.benchmark.db.PeerDatabase;
import com.tudicloud.asynctask.benchmark.jvm.ChildLink;
import com.tudicloud.asynctask.benchmark.peer.PeerPolling;
import com.tudicloud.asynctask.benchmark.report.Result;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code peer}: the engine's drain next to db-scheduler's, shape by shape, one right after the other
 * (the engine's, then db-scheduler's with each polling strategy), so that whatever the shared machine
 * does meanwhile hits both, and over several runs the pairs alternate.
 * <p>
 * db-scheduler's drain has the same shape as the engine's: K JVMs ({@code PeerMain}) with one
 * scheduler of T threads each, polling every 100 ms like the engine's workers, warmed up with as many
 * tasks as a worker JVM; N one-time no-op tasks scheduled through its batch API in a database of its
 * own on the same server (not timed); then GO to all and the runner's wall clock until its table is
 * empty (it deletes a one-time task's row when the task ran), looked at every 100 ms as for the
 * engine. Checked: every task ran once (N executions in all).
 * <p>
 * The comparison: the engine's tasks/s by the same wall clock over the faster of db-scheduler's
 * strategies in that pair ({@code ratio}), and what each system's tasks cost (statements, commits, CPU).
 */
final class PeerScenario implements Scenario {

    static final String PEER = "db-scheduler";

    private final DrainScenario engine = new DrainScenario();

    @Override
    public String name() {
        return "peer";
    }

    @Override
    public List<Result> run(BenchContext context) throws Exception {
        List<Result> results = new ArrayList<>();
        for (Sizes.DrainShape shape : context.sizes().drain().shapes()) {
            Result ours = engine.drain(context, shape.workers(), shape.slots());
            results.add(ours);
            Map<PeerPolling, Result> peers = new LinkedHashMap<>();
            for (PeerPolling polling : context.peerPollings()) {
                peers.put(polling, drain(context, shape, polling));
            }
            results.addAll(peers.values());
            results.add(compare(shape, ours, peers));
        }
        return results;
    }

    private Result drain(BenchContext context, Sizes.DrainShape shape, PeerPolling polling) throws Exception {
        PeerDatabase db = context.peerDb();
        int tasks = context.sizes().drain().tasks();
        db.reset();
        List<ChildLink> peers = new ArrayList<>();
        try {
            for (int p = 1; p <= shape.workers(); p++) {
                peers.add(context.startPeer("drain-peer-" + p, shape.slots(), DrainScenario.POLL_INTERVAL, polling));
            }
            db.schedule(tasks);
            long start = System.nanoTime();
            peers.forEach(ChildLink::go);
            boolean drained = db.awaitEmpty(DrainScenario.TIMEOUT, DrainScenario.DONE_POLL);
            double wallSeconds = (System.nanoTime() - start) / 1e9;
            List<String> stats = new ArrayList<>();
            for (ChildLink peer : peers) {
                stats.add(peer.stop(Duration.ofSeconds(90)));
            }
            ChildStats scheduler = new ChildStats(stats);
            Result result = Result.of(PEER, "drain").variant("workers", shape.workers()).variant("slots", shape.slots())
                    .variant("polling", polling.label())
                    .headline("wall_tasks_per_s", tasks / wallSeconds)
                    .detail("tasks", tasks).detail("executions", scheduler.sum("executions"));
            return scheduler.describeCost(result)
                    .check("drained", drained)
                    .check("executed_once", scheduler.sum("executions") == tasks);
        } finally {
            peers.forEach(ChildLink::close);
        }
    }

    private Result compare(Sizes.DrainShape shape, Result ours, Map<PeerPolling, Result> peers) {
        double oursPerSecond = ours.figure("wall_tasks_per_s").orElseThrow();
        PeerPolling fastest = null;
        double fastestPerSecond = 0;
        Result comparison = Result.of(name()).variant("workers", shape.workers()).variant("slots", shape.slots());
        for (Map.Entry<PeerPolling, Result> peer : peers.entrySet()) {
            double perSecond = peer.getValue().figure("wall_tasks_per_s").orElseThrow();
            comparison.detail("ratio_" + peer.getKey().label().replace('-', '_'), oursPerSecond / perSecond);
            if (fastest == null || perSecond > fastestPerSecond) {
                fastest = peer.getKey();
                fastestPerSecond = perSecond;
            }
        }
        return comparison.headline("ratio", oursPerSecond / fastestPerSecond)
                .detail("peer_polling", fastest == null ? "none" : fastest.label())
                .detail("tudicloud_wall_tasks_per_s", oursPerSecond)
                .detail("db_scheduler_wall_tasks_per_s", fastestPerSecond);
    }
}
