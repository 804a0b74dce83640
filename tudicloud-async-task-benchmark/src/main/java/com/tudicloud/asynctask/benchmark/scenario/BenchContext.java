package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.benchmark.Args;
import com.tudicloud.asynctask.benchmark.db.BenchDatabase;
import com.tudicloud.asynctask.benchmark.jvm.ChildJvm;
import com.tudicloud.asynctask.benchmark.jvm.WorkerMain;
import com.tudicloud.asynctask.benchmark.report.Result;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** What the scenarios of one run share: the database, the sizes, how to start worker JVMs, earlier results. */
public final class BenchContext {

    static final Duration JVM_START_TIMEOUT = Duration.ofSeconds(60);

    private final BenchDatabase db;
    private final Sizes sizes;
    private final List<String> childJvmOptions;
    private final List<Result> results = new ArrayList<>();

    public BenchContext(BenchDatabase db, Sizes sizes, List<String> childJvmOptions) {
        this.db = db;
        this.sizes = sizes;
        this.childJvmOptions = List.copyOf(childJvmOptions);
    }

    public BenchDatabase db() {
        return db;
    }

    public Sizes sizes() {
        return sizes;
    }

    List<String> childJvmOptions() {
        return childJvmOptions;
    }

    public void add(Result result) {
        results.add(result);
    }

    /** A result of this run so far, e.g. the raw reference the drain compares itself to. */
    Optional<Result> earlier(String scenario, String variant) {
        return results.stream().filter(r -> r.scenario().equals(scenario) && r.variantText().equals(variant)).findFirst();
    }

    /** Starts a {@link WorkerMain} JVM and waits until it is wired, warmed up, and waits for GO. */
    ChildJvm startWorker(String workerId, int slots, Duration pollInterval, List<String> extraArgs)
            throws InterruptedException {
        List<String> args = new ArrayList<>(db.coordinates().toArgs());
        args.addAll(Args.of("worker-id", workerId, "slots", slots, "poll-interval-ms", pollInterval.toMillis(),
                "warmup-tasks", sizes.warmupTasks()));
        args.addAll(extraArgs);
        ChildJvm worker = ChildJvm.start(workerId, WorkerMain.class, childJvmOptions, args);
        try {
            worker.awaitReady(JVM_START_TIMEOUT);
        } catch (RuntimeException | InterruptedException e) {
            worker.close();
            throw e;
        }
        return worker;
    }
}
