package com.tudicloud.asynctask.benchmark;

import com.tudicloud.asynctask.benchmark.db.DbCoordinates;
import com.tudicloud.asynctask.benchmark.peer.PeerSystem;
import com.tudicloud.asynctask.benchmark.peer.Peers;
import com.tudicloud.asynctask.benchmark.peer.dbscheduler.DbSchedulerPolling;
import com.tudicloud.asynctask.benchmark.scenario.Scenario;
import com.tudicloud.asynctask.benchmark.scenario.Scenarios;
import com.tudicloud.asynctask.benchmark.scenario.Sizes;

import java.util.Arrays;
import java.util.List;

/**
 * What to run, from the command line:
 * {@code --quick} (a smoke run of a few seconds), {@code --runs=3},
 * {@code --scenarios=raw,drain,peer,latency,submit,heartbeat,idle,scale,events,observations,operator,workflow,keyed-limit,rate-limit,fairness},
 * {@code --tasks=20000} (drain,
 * peer and raw), {@code --drain-shapes=1x8,1x16,2x8,2x16} (workers x slots; raw then runs at those batch
 * sizes only), {@code --warmup-tasks=50000} (per worker JVM, untimed),
 * {@code --peer-warmup-tasks=<warmup-tasks>} (per peer JVM, untimed),
 * {@code --peers=db-scheduler,quartz,jobrunr} (the peers of the {@code peer} scenario),
 * {@code --peer-polling=fetch-and-lock-on-execute,lock-and-fetch} (db-scheduler's strategies to measure),
 * {@code --jdbc-url=jdbc:mysql://127.0.0.1:3306/}, {@code --database=async_task_bench},
 * {@code --peer-database=<database>_peer}, {@code --user=root}, {@code --password=},
 * {@code --child-jvm-options="-XX:StartFlightRecording=..."} (worker, peer and producer JVMs).
 */
record BenchOptions(boolean quick, int runs, Sizes sizes, List<Scenario> scenarios, List<String> childJvmOptions,
                    DbCoordinates database, DbCoordinates peerDatabase, List<PeerSystem> peers) {

    static BenchOptions parse(Args args) {
        boolean quick = args.flag("quick");
        Sizes sizes = quick ? Sizes.quick() : Sizes.full(args.integer("tasks", 20_000));
        int warmupTasks = args.integer("warmup-tasks", sizes.warmupTasks());
        sizes = sizes.withWarmupTasks(warmupTasks, args.integer("peer-warmup-tasks", warmupTasks));
        List<String> shapes = args.list("drain-shapes", List.of());
        if (!shapes.isEmpty()) {
            sizes = sizes.withDrainShapes(shapes.stream().map(Sizes.DrainShape::parse).toList());
        }
        List<String> childJvmOptions = Arrays.stream(args.text("child-jvm-options", "").split("\\s+"))
                .filter(option -> !option.isBlank()).toList();
        DbCoordinates database = DbCoordinates.from(args);
        DbCoordinates peerDatabase = database.withDatabase(args.text("peer-database", database.database() + "_peer"));
        List<DbSchedulerPolling> pollings = args.list("peer-polling", Arrays.stream(DbSchedulerPolling.values())
                .map(DbSchedulerPolling::label).toList()).stream().map(DbSchedulerPolling::parse).toList();
        List<PeerSystem> peers = Peers.select(args.list("peers", Peers.NAMES), pollings);
        return new BenchOptions(quick, args.integer("runs", 1), sizes,
                Scenarios.named(args.list("scenarios", Scenarios.names())), childJvmOptions, database, peerDatabase,
                peers);
    }
}
