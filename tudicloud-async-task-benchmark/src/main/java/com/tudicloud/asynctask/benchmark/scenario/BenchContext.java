package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.benchmark.Args;
import com.tudicloud.asynctask.benchmark.db.BenchDatabase;
import com.tudicloud.asynctask.benchmark.db.PeerDatabase;
import com.tudicloud.asynctask.benchmark.jvm.ChildLink;
import com.tudicloud.asynctask.benchmark.jvm.PeerMain;
import com.tudicloud.asynctask.benchmark.jvm.WorkerMain;
import com.tudicloud.asynctask.benchmark.peer.PeerSystem;
import com.tudicloud.asynctask.benchmark.report.Result;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the scenarios of one run share: the database (and the peer's, when the peer runs), the sizes,
 * how to start worker and peer JVMs, earlier results.
 */
public final class BenchContext {

    static final Duration JVM_START_TIMEOUT = Duration.ofSeconds(60);
    /**
     * A worker or peer JVM says READY after its warm-up drain: seconds on a quiet machine,
     * many minutes on a loaded one (the peers' longest: each drains at its own pace).
     */
    private static final Duration WARMED_UP_TIMEOUT = Duration.ofMinutes(20);

    private final int run;
    private final BenchDatabase db;
    private final PeerDatabase peerDb;
    private final List<PeerSystem> peers;
    private final Sizes sizes;
    private final List<String> childJvmOptions;
    private final List<Result> results = new ArrayList<>();

    /**
     * @param run    which run of the benchmark this is, 1 for the first
     * @param peerDb null when no scenario of the run needs the peer
     */
    public BenchContext(int run, BenchDatabase db, PeerDatabase peerDb, List<PeerSystem> peers, Sizes sizes,
                        List<String> childJvmOptions) {
        this.run = run;
        this.db = db;
        this.peerDb = peerDb;
        this.peers = List.copyOf(peers);
        this.sizes = sizes;
        this.childJvmOptions = List.copyOf(childJvmOptions);
    }

    /** Which run this is, 1 for the first: a scenario that compares two drains alternates their order by it. */
    int run() {
        return run;
    }

    public BenchDatabase db() {
        return db;
    }

    PeerDatabase peerDb() {
        if (peerDb == null) {
            throw new IllegalStateException("the peer's database was not prepared");
        }
        return peerDb;
    }

    /** The peers to drain beside the engine, each set-up of each (db-scheduler once per polling strategy). */
    List<PeerSystem> peers() {
        return peers;
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

    /** Results of this run so far of one scenario, e.g. every raw batch size. */
    List<Result> earlier(String scenario) {
        return results.stream().filter(r -> r.system().equals(Result.TUDICLOUD) && r.scenario().equals(scenario)).toList();
    }

    /** Starts a {@link WorkerMain} JVM and waits until it is wired, warmed up, and waits for GO. */
    ChildLink startWorker(String workerId, int slots, Duration pollInterval, List<String> extraArgs)
            throws InterruptedException {
        List<String> args = new ArrayList<>(Args.of("slots", slots, "poll-interval-ms", pollInterval.toMillis()));
        args.addAll(extraArgs);
        return startWorker(workerId, args);
    }

    /** Starts a {@link WorkerMain} JVM with the default settings but for {@code args}. */
    ChildLink startWorker(String workerId, List<String> args) throws InterruptedException {
        List<String> all = new ArrayList<>(db.coordinates().toArgs());
        all.addAll(Args.of("worker-id", workerId, "warmup-tasks", sizes.warmupTasks()));
        all.addAll(args);
        return start(workerId, WorkerMain.class, all, WARMED_UP_TIMEOUT);
    }

    /** Starts a {@link PeerMain} JVM of {@code peer} and waits until it is wired, warmed up, and waits for GO. */
    ChildLink startPeer(PeerSystem peer, String name, int threads, Duration pollInterval) throws InterruptedException {
        List<String> args = new ArrayList<>(peerDb().coordinates().toArgs());
        args.addAll(Args.of("system", peer.name(), "variant", peer.variant(), "worker-id", name, "threads", threads,
                "poll-interval-ms", pollInterval.toMillis(), "warmup-tasks", sizes.peerWarmupTasks()));
        return start(name, PeerMain.class, args, WARMED_UP_TIMEOUT);
    }

    private ChildLink start(String name, Class<?> mainClass, List<String> args, Duration timeout)
            throws InterruptedException {
        ChildLink child = ChildLink.start(name, mainClass, childJvmOptions, args);
        try {
            child.awaitReady(timeout);
        } catch (RuntimeException | InterruptedException e) {
            child.close();
            throw e;
        }
        return child;
    }
}
