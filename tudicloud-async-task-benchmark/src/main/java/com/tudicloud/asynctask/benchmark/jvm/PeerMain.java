package com.tudicloud.asynctask.benchmark.jvm;

import com.tudicloud.asynctask.benchmark.Args;
import com.tudicloud.asynctask.benchmark.db.DbCoordinates;
import com.tudicloud.asynctask.benchmark.db.PeerDatabase;
import com.tudicloud.asynctask.benchmark.db.Pools;
import com.tudicloud.asynctask.benchmark.peer.PeerEngine;
import com.tudicloud.asynctask.benchmark.peer.PeerSettings;
import com.tudicloud.asynctask.benchmark.peer.PeerSystem;
import com.tudicloud.asynctask.benchmark.peer.Peers;
import com.tudicloud.asynctask.benchmark.report.Reasons;
import com.zaxxer.hikari.HikariDataSource;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * One engine of a peer scheduler ({@link PeerSystem}) in a JVM of its own, the peer of a
 * {@link WorkerMain}: its own pool, a no-op task. Before it says READY it warms up as the worker JVMs
 * do: {@code --warmup-tasks} tasks submitted through the peer's API and drained by an engine of the
 * same settings, untimed, until none is left; what the peer keeps of them is removed (a set-up that fails
 * says why in a FAILED line instead of READY). Then it starts a
 * fresh engine on GO, stops it on STOP and reports STATS: executions, CPU time (the JVM's, and the
 * peer's engine threads') and the statements and commits it sent ({@link CostMeter}).
 * <p>
 * Options: the peers' database ({@link DbCoordinates#from}), {@code --system} and {@code --variant}
 * ({@link Peers#of}), {@code --worker-id}, {@code --threads}, {@code --poll-interval-ms},
 * {@code --pool-size} (threads + 2, at least 10, so that no execution thread waits for a connection),
 * {@code --warmup-tasks}.
 */
public final class PeerMain {

    private static final Duration WARMUP_TIMEOUT = Duration.ofMinutes(20);

    private PeerMain() {
    }

    public static void main(String[] argv) throws Exception {
        Args args = Args.parse(argv);
        ParentLink parent = new ParentLink();
        PeerSystem peer = Peers.of(args.text("system", ""), args.text("variant", ""));
        int threads = args.integer("threads", 16);
        PeerSettings settings = new PeerSettings(args.text("worker-id", "bench-peer"), threads,
                args.millis("poll-interval-ms", Duration.ofMillis(100)));
        int poolSize = args.integer("pool-size", Math.max(10, threads + 2));
        try (HikariDataSource pool = Pools.openCounted(DbCoordinates.from(args), "peer", poolSize)) {
            LongAdder executions = new LongAdder();
            PeerEngine engine;
            try {
                int warmupTasks = args.integer("warmup-tasks", 0);
                if (warmupTasks > 0) {
                    warmUp(peer, pool, settings, warmupTasks);
                }
                engine = peer.engine(pool, settings, executions);
            } catch (Exception e) {
                parent.report(ParentLink.FAILED + " " + Reasons.of(e));
                throw e;
            }
            CostMeter cost = new CostMeter(pool, peer.engineThreads());
            parent.report(ParentLink.READY);
            parent.await(ParentLink.GO);
            cost.start();
            engine.start();
            parent.await(ParentLink.STOP);
            cost.stopClocks();
            engine.stop();
            parent.report(ParentLink.STATS + " executions=" + executions.sum() + " " + cost.report());
        }
    }

    private static void warmUp(PeerSystem peer, HikariDataSource pool, PeerSettings settings, int tasks)
            throws Exception {
        peer.submit(pool, tasks, settings.name() + "-warmup-");
        PeerEngine warmup = peer.engine(pool, settings.withName(settings.name() + "-warmup"), new LongAdder());
        warmup.start();
        JdbcTemplate jdbc = new JdbcTemplate(pool);
        boolean drained = PeerDatabase.awaitDone(peer, jdbc, WARMUP_TIMEOUT, Duration.ofMillis(50));
        warmup.stop();
        if (!drained) {
            throw new IllegalStateException(peer.name() + "'s warm-up did not finish within " + WARMUP_TIMEOUT);
        }
        peer.removeFinished(jdbc);
    }
}
