package com.tudicloud.asynctask.benchmark.jvm;

import com.tudicloud.asynctask.benchmark.Args;
import com.tudicloud.asynctask.benchmark.db.DbCoordinates;
import com.tudicloud.asynctask.benchmark.db.Pools;
import com.tudicloud.asynctask.benchmark.engine.BenchEngine;
import com.tudicloud.asynctask.benchmark.engine.NoopHandler;
import com.tudicloud.asynctask.benchmark.engine.TaskFeed;
import com.tudicloud.asynctask.benchmark.engine.Warmup;
import com.tudicloud.asynctask.worker.AsyncTaskProperties;
import com.tudicloud.asynctask.worker.engine.AsyncTaskWorker;
import com.zaxxer.hikari.HikariDataSource;

import java.time.Duration;
import java.util.List;

/**
 * One worker instance in a JVM of its own, with its own connection pool and a no-op handler for
 * {@value NoopHandler#TYPE}. Says READY once wired (and warmed up, with {@code --warmup-tasks}),
 * starts the worker on GO, stops it on STOP and reports STATS (handler executions and the store
 * calls it made, and CPU time from GO to STOP: the whole JVM's, and that of the engine's threads).
 * <p>
 * With {@code --produce-rate} it also submits tasks at that rate for {@code --produce-seconds}
 * through a client in the same JVM, which wakes the worker as a service's own submits do, and
 * reports PRODUCED n.
 * <p>
 * Options: the database ({@link DbCoordinates#from}), {@code --worker-id}, {@code --slots},
 * {@code --poll-interval-ms}, {@code --pool-size}, {@code --warmup-tasks}, {@code --produce-rate}, {@code --produce-seconds}.
 */
public final class WorkerMain {

    private WorkerMain() {
    }

    public static void main(String[] argv) throws InterruptedException {
        Args args = Args.parse(argv);
        ParentLink parent = new ParentLink();
        NoopHandler handler = new NoopHandler();
        String workerId = args.text("worker-id", "bench-worker");
        AsyncTaskProperties.Worker settings =
                BenchEngine.settings(args.integer("slots", 16), args.millis("poll-interval-ms", Duration.ofSeconds(1)));
        try (HikariDataSource pool = Pools.open(DbCoordinates.from(args), "worker", args.integer("pool-size", 10))) {
            BenchEngine engine = new BenchEngine(pool);
            int warmupTasks = args.integer("warmup-tasks", 0);
            if (warmupTasks > 0) {
                Warmup.run(engine, workerId, settings, warmupTasks);
            }
            AsyncTaskWorker worker = engine.worker(workerId, settings, List.of(handler));
            parent.report(ParentLink.READY);
            parent.await(ParentLink.GO);
            CpuClock cpu = new CpuClock();
            long cpuAtStart = cpu.processNanos();
            worker.start();

            int rate = args.integer("produce-rate", 0);
            Thread producer = null;
            if (rate > 0) {
                TaskFeed feed = new TaskFeed(engine.client(worker), NoopHandler.TYPE);
                Duration duration = Duration.ofSeconds(args.integer("produce-seconds", 20));
                producer = new Thread(() -> parent.report(ParentLink.PRODUCED + " " + feed.submitAtRate(rate, duration)),
                        "bench-producer");
                producer.start();
            }

            parent.await(ParentLink.STOP);
            if (producer != null) {
                producer.join();
            }
            long engineCpu = cpu.engineThreadNanos();
            long processCpu = cpu.processNanos() - cpuAtStart;
            worker.stop();
            parent.report(ParentLink.STATS + " executions=" + handler.executions() + " cpu_ms=" + processCpu / 1_000_000
                    + " engine_cpu_ms=" + engineCpu / 1_000_000 + " " + engine.leaseStore().summary());
        }
    }
}
