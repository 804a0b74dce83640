package com.tudicloud.asynctask.benchmark.jvm;

import com.tudicloud.asynctask.api.TaskPolicy;
import com.tudicloud.asynctask.api.TaskPolicyBuilder;
import com.tudicloud.asynctask.api.spi.TaskEventMode;
import com.tudicloud.asynctask.benchmark.Args;
import com.tudicloud.asynctask.benchmark.db.DbCoordinates;
import com.tudicloud.asynctask.benchmark.db.Pools;
import com.tudicloud.asynctask.benchmark.engine.BenchEngine;
import com.tudicloud.asynctask.benchmark.engine.BenchTracing;
import com.tudicloud.asynctask.benchmark.engine.NoopHandler;
import com.tudicloud.asynctask.benchmark.engine.TaskFeed;
import com.tudicloud.asynctask.benchmark.engine.Warmup;
import com.tudicloud.asynctask.worker.WorkerConfig;
import com.tudicloud.asynctask.worker.engine.AsyncTaskWorker;
import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.observation.ObservationRegistry;

import java.time.Duration;
import java.util.List;

/**
 * One worker instance in a JVM of its own, with its own connection pool and a no-op handler for
 * {@value NoopHandler#TYPE} (with {@code --work-ms} it sleeps that long; with {@code --key-concurrency} at most that many
 * tasks of one key run at once across the fleet; with {@code --rate-limit} at most that many start across the fleet
 * within any {@code --rate-period-ms}, 1 s if not given; with {@code --fair=true} its claims take the type's tasks across
 * its keys in turn). Says READY once wired (and warmed up, with {@code --warmup-tasks}),
 * starts the worker on GO, stops it on STOP and reports STATS: handler executions, the store calls it
 * made, and from GO to STOP its CPU time (the whole JVM's, and that of the engine's threads) and the
 * statements and commits it sent ({@link CostMeter}).
 * <p>
 * With {@code --produce-rate} it also submits tasks at that rate for {@code --produce-seconds}
 * through a client in the same JVM, which wakes the worker as a service's own submits do, and
 * reports PRODUCED n. With {@code --window-ms} it reports, as WINDOW, what the running worker sent
 * and spent in a window of that length that opens {@code --window-after-ms} after GO.
 * <p>
 * Options: the database ({@link DbCoordinates#from}), {@code --worker-id}, {@code --slots} and
 * {@code --poll-interval-ms} (the defaults of docs/configuration.md if not given), {@code --event-mode}
 * ({@code FULL}, {@code FAILURES_ONLY} or {@code OFF}; FULL, the default, if not given), {@code --traced}
 * ({@code true}: the worker observed by a real tracer, {@link BenchTracing}; its STATS then say how many spans
 * ended), {@code --pool-size},
 * {@code --work-ms}, {@code --key-concurrency}, {@code --rate-limit}, {@code --rate-period-ms}, {@code --fair},
 * {@code --warmup-tasks}, {@code --produce-rate},
 * {@code --produce-seconds}, {@code --window-after-ms}, {@code --window-ms}.
 */
public final class WorkerMain {

    static final String ENGINE_THREADS = "async-task-";

    private WorkerMain() {
    }

    public static void main(String[] argv) throws InterruptedException {
        Args args = Args.parse(argv);
        ParentLink parent = new ParentLink();
        NoopHandler handler = new NoopHandler(NoopHandler.TYPE, args.millis("work-ms", Duration.ZERO), policy(args));
        String workerId = args.text("worker-id", "bench-worker");
        WorkerConfig defaults = BenchEngine.defaults().build();
        WorkerConfig.Builder settings = BenchEngine.settings(args.integer("slots", defaults.slots()),
                args.millis("poll-interval-ms", defaults.pollInterval()));
        try (HikariDataSource pool = Pools.openCounted(DbCoordinates.from(args), "worker", args.integer("pool-size", 10))) {
            BenchEngine engine = new BenchEngine(pool, TaskEventMode.valueOf(args.text("event-mode", TaskEventMode.DEFAULT.name())));
            int warmupTasks = args.integer("warmup-tasks", 0);
            if (warmupTasks > 0) {
                Warmup.run(engine, workerId, settings, warmupTasks);
            }
            BenchTracing tracing = Boolean.parseBoolean(args.text("traced", "false")) ? new BenchTracing() : null;
            AsyncTaskWorker worker = engine.worker(workerId, settings, List.of(handler),
                    tracing == null ? ObservationRegistry.NOOP : tracing.registry());
            CostMeter cost = new CostMeter(pool, List.of(ENGINE_THREADS));
            parent.report(ParentLink.READY);
            parent.await(ParentLink.GO);
            cost.start();
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
            int windowMillis = args.integer("window-ms", 0);
            if (windowMillis > 0) {
                parent.report(ParentLink.WINDOW + " " + cost.window(args.millis("window-after-ms", Duration.ZERO),
                        Duration.ofMillis(windowMillis)));
            }

            parent.await(ParentLink.STOP);
            if (producer != null) {
                producer.join();
            }
            cost.stopClocks();
            worker.stop();
            parent.report(ParentLink.STATS + " executions=" + handler.executions() + " " + cost.report() + " "
                    + engine.leaseStore().summary() + (tracing == null ? "" : " spans=" + tracing.exportedSpans()));
        }
    }

    /**
     * The no-op type's policy: the defaults, with a per-key cap, a rate limit and fair claims where the options ask for
     * them.
     */
    private static TaskPolicy policy(Args args) {
        TaskPolicyBuilder policy = TaskPolicy.builder();
        int keyConcurrency = args.integer("key-concurrency", 0);
        if (keyConcurrency > 0) {
            policy.keyConcurrency(keyConcurrency);
        }
        int rateLimit = args.integer("rate-limit", 0);
        if (rateLimit > 0) {
            policy.rateLimit(rateLimit, args.millis("rate-period-ms", Duration.ofSeconds(1)));
        }
        if (args.flag("fair")) {
            policy.fair(true);
        }
        return policy.build();
    }
}
