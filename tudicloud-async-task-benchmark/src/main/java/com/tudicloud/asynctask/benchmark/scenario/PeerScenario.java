package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.benchmark.db.PeerDatabase;
import com.tudicloud.asynctask.benchmark.jvm.ChildLink;
import com.tudicloud.asynctask.benchmark.peer.PeerSystem;
import com.tudicloud.asynctask.benchmark.report.Reasons;
import com.tudicloud.asynctask.benchmark.report.Result;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code peer}: the engine's drain next to each peer's, shape by shape, one right after the other (the
 * engine's, then each peer's in each of its set-ups: db-scheduler with each polling strategy, Quartz,
 * JobRunr), so that whatever the shared machine does meanwhile hits all of them, and over several runs
 * the turns alternate.
 * <p>
 * A peer's drain has the same shape as the engine's: K JVMs ({@code PeerMain}) with one engine of T
 * threads each, polling as often as the engine's workers where the peer allows it, warmed up with
 * {@code --peer-warmup-tasks} tasks (as many as a worker JVM unless told otherwise); N no-op tasks submitted through the peer's own API to its own tables in
 * the peers' database on the same server (not timed); then GO to all and the runner's wall clock
 * until no task is left to run, looked at every 100 ms as for the engine. Checked: every task ran once
 * (N executions in all, and the peer's tables agree).
 * <p>
 * The comparison: the engine's tasks/s by the same wall clock over each peer's, the faster of its
 * set-ups in that turn ({@code ratio_<peer>}), and what each system's tasks cost (statements, commits,
 * CPU). A peer that cannot run here gets a line that says why, and the run goes on without it.
 */
final class PeerScenario implements Scenario {

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
            Map<PeerSystem, Result> peers = new LinkedHashMap<>();
            for (PeerSystem peer : context.peers()) {
                peers.put(peer, drainOrExplain(context, shape, peer));
            }
            results.addAll(peers.values());
            results.add(compare(shape, ours, peers));
        }
        return results;
    }

    private Result drainOrExplain(BenchContext context, Sizes.DrainShape shape, PeerSystem peer)
            throws InterruptedException {
        try {
            return drain(context, shape, peer);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            System.err.println(peer.name() + " (" + peer.variant() + ") could not run its drain:");
            e.printStackTrace();
            return describe(Result.of(peer.name(), "drain"), shape, peer)
                    .note("did not run: " + Reasons.of(e));
        }
    }

    private Result drain(BenchContext context, Sizes.DrainShape shape, PeerSystem peer) throws Exception {
        PeerDatabase db = context.peerDb();
        int tasks = context.sizes().drain().tasks();
        db.reset(peer);
        List<ChildLink> jvms = new ArrayList<>();
        try {
            for (int p = 1; p <= shape.workers(); p++) {
                jvms.add(context.startPeer(peer, "drain-peer-" + p, shape.slots(), DrainScenario.POLL_INTERVAL));
            }
            db.submit(peer, tasks);
            long start = System.nanoTime();
            jvms.forEach(ChildLink::go);
            boolean drained = db.awaitDone(peer, DrainScenario.TIMEOUT, DrainScenario.DONE_POLL);
            double wallSeconds = (System.nanoTime() - start) / 1e9;
            List<String> stats = new ArrayList<>();
            for (ChildLink jvm : jvms) {
                stats.add(jvm.stop(Duration.ofSeconds(90)));
            }
            ChildStats engines = new ChildStats(stats);
            Result result = describe(Result.of(peer.name(), "drain"), shape, peer)
                    .headline("wall_tasks_per_s", tasks / wallSeconds)
                    .detail("tasks", tasks).detail("executions", engines.sum("executions"));
            return engines.describeCost(result)
                    .check("drained", drained)
                    .check("executed_once", engines.sum("executions") == tasks && db.recordedOnce(peer, tasks));
        } finally {
            jvms.forEach(ChildLink::close);
        }
    }

    private static Result describe(Result result, Sizes.DrainShape shape, PeerSystem peer) {
        return result.variant("workers", shape.workers()).variant("slots", shape.slots())
                .variant(peer.variantKey(), peer.variant());
    }

    /**
     * {@code ratio_<peer>} for each peer that ran, over the faster of its set-ups; and over each set-up
     * of a peer that has several ({@code ratio_<set-up>}).
     */
    private Result compare(Sizes.DrainShape shape, Result ours, Map<PeerSystem, Result> peers) {
        double oursPerSecond = ours.figure("wall_tasks_per_s").orElseThrow();
        Result comparison = Result.of(name()).variant("workers", shape.workers()).variant("slots", shape.slots())
                .detail("tudicloud_wall_tasks_per_s", oursPerSecond);
        Map<String, List<Map.Entry<PeerSystem, Double>>> ranBySystem = new LinkedHashMap<>();
        peers.forEach((peer, result) -> result.figure("wall_tasks_per_s").ifPresent(perSecond ->
                ranBySystem.computeIfAbsent(peer.name(), k -> new ArrayList<>()).add(Map.entry(peer, perSecond))));
        ranBySystem.forEach((system, setUps) -> {
            Map.Entry<PeerSystem, Double> fastest = setUps.stream().max(Map.Entry.comparingByValue()).orElseThrow();
            String key = key(system);
            comparison.headline("ratio_" + key, oursPerSecond / fastest.getValue())
                    .detail(key + "_wall_tasks_per_s", fastest.getValue());
            if (setUps.size() > 1) {
                comparison.detail(key + "_" + fastest.getKey().variantKey(), fastest.getKey().variant());
                setUps.forEach(setUp -> comparison.detail("ratio_" + key(setUp.getKey().variant()),
                        oursPerSecond / setUp.getValue()));
            }
        });
        return comparison;
    }

    /** e.g. {@code db_scheduler} for {@code db-scheduler} */
    private static String key(String name) {
        return name.replace('-', '_');
    }
}
