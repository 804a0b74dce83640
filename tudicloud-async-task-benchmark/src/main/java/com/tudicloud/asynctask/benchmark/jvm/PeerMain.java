package com.tudicloud.asynctask.benchmark.jvm;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.tudicloud.asynctask.benchmark.Args;
import com.tudicloud.asynctask.benchmark.db.DbCoordinates;
import com.tudicloud.asynctask.benchmark.db.Pools;
import com.tudicloud.asynctask.benchmark.peer.PeerPolling;
import com.tudicloud.asynctask.benchmark.peer.PeerScheduler;
import com.tudicloud.asynctask.benchmark.peer.PeerTasks;
import com.zaxxer.hikari.HikariDataSource;

import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * One db-scheduler instance in a JVM of its own, the peer of a {@link WorkerMain}: its own pool, a
 * no-op one-time task. Before it says READY it warms up as the worker JVMs do: {@code --warmup-tasks}
 * instances scheduled through db-scheduler's batch API and drained by a scheduler of the same
 * settings, untimed, until db-scheduler's table is empty. Then it starts a fresh scheduler on GO,
 * stops it on STOP and reports STATS: executions, CPU time (the JVM's, and db-scheduler's threads')
 * and the statements and commits it sent ({@link CostMeter}).
 * <p>
 * Options: the peer's database ({@link DbCoordinates#from}), {@code --worker-id}, {@code --threads},
 * {@code --poll-interval-ms}, {@code --polling} ({@link PeerPolling}), {@code --pool-size} (threads + 2,
 * at least 10, so that no execution thread waits for a connection), {@code --warmup-tasks}.
 */
public final class PeerMain {

    static final String ENGINE_THREADS = "db-scheduler-";
    private static final Duration WARMUP_TIMEOUT = Duration.ofMinutes(20);

    private PeerMain() {
    }

    public static void main(String[] argv) throws InterruptedException {
        Args args = Args.parse(argv);
        ParentLink parent = new ParentLink();
        String name = args.text("worker-id", "bench-peer");
        int threads = args.integer("threads", 16);
        Duration pollInterval = args.millis("poll-interval-ms", Duration.ofMillis(100));
        PeerPolling polling = PeerPolling.parse(args.text("polling", PeerPolling.FETCH.label()));
        int poolSize = args.integer("pool-size", Math.max(10, threads + 2));
        try (HikariDataSource pool = Pools.openCounted(DbCoordinates.from(args), "peer", poolSize)) {
            int warmupTasks = args.integer("warmup-tasks", 0);
            if (warmupTasks > 0) {
                PeerTasks.schedule(pool, warmupTasks, name + "-warmup-");
                Scheduler warmup = PeerScheduler.create(pool, new LongAdder(), threads, pollInterval, polling,
                        name + "-warmup");
                warmup.start();
                boolean drained = PeerTasks.awaitEmpty(pool, WARMUP_TIMEOUT, Duration.ofMillis(50));
                warmup.stop();
                if (!drained) {
                    throw new IllegalStateException("db-scheduler's warm-up did not finish within " + WARMUP_TIMEOUT);
                }
            }
            LongAdder executions = new LongAdder();
            Scheduler scheduler = PeerScheduler.create(pool, executions, threads, pollInterval, polling, name);
            CostMeter cost = new CostMeter(pool, ENGINE_THREADS);
            parent.report(ParentLink.READY);
            parent.await(ParentLink.GO);
            cost.start();
            scheduler.start();
            parent.await(ParentLink.STOP);
            cost.stopClocks();
            scheduler.stop();
            parent.report(ParentLink.STATS + " executions=" + executions.sum() + " " + cost.report());
        }
    }
}
