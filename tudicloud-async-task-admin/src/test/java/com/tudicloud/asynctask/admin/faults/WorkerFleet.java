package com.tudicloud.asynctask.admin.faults;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The worker nodes of a fault suite, each on the admin jar and on short leases, so that a lease a fault loses is
 * recovered within seconds. Closing the fleet kills whichever nodes still run.
 */
final class WorkerFleet implements AutoCloseable {

    static final Duration LEASE = Duration.ofSeconds(3);
    static final Duration HEARTBEAT = Duration.ofMillis(500);
    static final Duration RECOVERY = Duration.ofSeconds(1);
    static final Duration POLL = Duration.ofMillis(100);
    static final Duration START_UP = Duration.ofSeconds(240);   // a JVM of its own on a busy machine

    private static final Path JAR = Path.of("target", "tudicloud-async-task-admin.jar");

    private final String jdbcUrl;
    private final String executionsUrl;
    private final Path logs;
    private final List<String> settings;
    private final List<WorkerNode> nodes = new ArrayList<>();

    /** Nodes of 8 slots with no task type settings. */
    WorkerFleet(String jdbcUrl, String executionsUrl, Path logs) {
        this(jdbcUrl, executionsUrl, logs, 8, List.of());
    }

    /**
     * @param jdbcUrl       the database the nodes work on
     * @param executionsUrl the database their {@link ExecutionRecording} writes to, reached directly
     * @param moreSettings  further settings of every node, e.g. task types' limits
     */
    WorkerFleet(String jdbcUrl, String executionsUrl, Path logs, int slots, List<String> moreSettings) {
        this.jdbcUrl = jdbcUrl;
        this.executionsUrl = executionsUrl;
        this.logs = logs;
        List<String> all = new ArrayList<>(List.of(
                "--async-task.worker.lease-timeout=" + LEASE.toMillis() + "ms",
                "--async-task.worker.heartbeat-interval=" + HEARTBEAT.toMillis() + "ms",
                "--async-task.worker.recovery-interval=" + RECOVERY.toMillis() + "ms",
                "--async-task.worker.poll-interval=" + POLL.toMillis() + "ms",
                "--async-task.worker.shutdown-timeout=10s",
                "--async-task.worker.slots=" + slots));
        all.addAll(moreSettings);
        this.settings = List.copyOf(all);
    }

    /** Starts a node without waiting for it to come up. */
    synchronized WorkerNode start(String id) throws IOException {
        WorkerNode node = WorkerNode.start(id, JAR, jdbcUrl, executionsUrl, logs, settings);
        nodes.add(node);
        return node;
    }

    /** Waits until every node that runs answers its health endpoint. */
    void awaitUp() throws InterruptedException {
        for (WorkerNode node : alive()) {
            node.awaitUp(START_UP);
        }
    }

    synchronized List<WorkerNode> alive() {
        return nodes.stream().filter(WorkerNode::isAlive).toList();
    }

    /** A counter summed over the nodes that run. */
    double sum(String counter) throws IOException, InterruptedException {
        double sum = 0;
        for (WorkerNode node : alive()) {
            sum += node.counter(counter);
        }
        return sum;
    }

    @Override
    public void close() throws InterruptedException {
        for (WorkerNode node : alive()) {
            node.thaw();
            node.kill();
        }
    }
}
