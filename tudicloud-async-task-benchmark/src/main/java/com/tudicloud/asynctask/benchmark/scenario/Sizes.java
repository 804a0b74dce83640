package com.tudicloud.asynctask.benchmark.scenario;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * How much each scenario does: the full sizes, or a quick smoke version that only shows
 * that every scenario still runs (its figures mean little). Worker JVMs, the raw loop and the scale
 * claimer first run {@code warmupTasks} tasks untimed, peer JVMs {@code peerWarmupTasks} (as many unless
 * told otherwise: a slow peer is warm after fewer tasks than the engine, and takes many minutes for as many).
 */
public record Sizes(int warmupTasks, int peerWarmupTasks, Drain drain, Latency latency, Submit submit,
                    Heartbeat heartbeat, Idle idle, Scale scale, Operator operator, Workflow workflow,
                    KeyedLimit keyedLimit, RateLimit rateLimit, Fairness fairness) {

    /** N tasks per drain (and raw) run; the K x T shapes; raw's batch sizes and threads. */
    public record Drain(int tasks, List<DrainShape> shapes, List<Integer> rawBatches, int rawThreads) {
    }

    /** K worker JVMs with T slots each. */
    public record DrainShape(int workers, int slots) {

        /** e.g. {@code 2x16}: two workers of 16 slots */
        public static DrainShape parse(String text) {
            String[] parts = text.trim().split("x");
            return new DrainShape(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
        }
    }

    /** Tasks a second and for how long; the worker's poll interval and slots. */
    public record Latency(int rate, Duration duration, Duration pollInterval, int slots) {
    }

    /** Tasks submitted one per call, and in calls of {@code TaskFeed.BATCH}. */
    public record Submit(int single, int batched) {
    }

    /** Leases held, heartbeat rounds measured, heartbeat interval. */
    public record Heartbeat(int leases, int rounds, Duration interval) {
    }

    /** How long an idle worker runs before it is measured, and for how long it is measured. */
    public record Idle(Duration settle, Duration window) {
    }

    /**
     * Finished rows, growing; queued tasks claimed at each size, per claim; the other type's backlog; tasks of
     * the claimed type, at a higher priority, not due for an hour.
     */
    public record Scale(List<Integer> finishedRows, int queued, int batch, int otherTypeBacklog, int notDueAhead) {
    }

    /** FAILED tasks bulk-retried; the claimers' backlog; how long each claim-latency window lasts. */
    public record Operator(int failedTasks, int backlog, Duration window) {
    }

    /** Children of the batch drained (and tasks of each plain drain beside it); steps of the chain drained. */
    public record Workflow(int children, int chainSteps) {
    }

    /** Tasks of each drain, spread over {@code keys} keys at a cap of {@code perKey}; each sleeps {@code work}. */
    public record KeyedLimit(int tasks, int keys, int perKey, Duration work, DrainShape shape) {
    }

    /**
     * At most {@code limit} starts within any {@code period}, run for {@code duration} over {@code tasks} queued tasks
     * (more than the limit lets start in that time, so that work always waits).
     */
    public record RateLimit(int limit, Duration period, Duration duration, int tasks, DrainShape shape) {
    }

    /**
     * Key A's backlog of {@code backlog} due tasks of a fair type, beside {@code otherKeys} other keys that each submit
     * {@code perKeyRate} tasks a second; those keys alone on an empty queue for {@code emptyQueue}.
     */
    public record Fairness(int backlog, int otherKeys, int perKeyRate, Duration emptyQueue, DrainShape shape) {
    }

    public static Sizes full(int drainTasks) {
        return new Sizes(50_000, 50_000,
                new Drain(drainTasks, List.of(new DrainShape(1, 8), new DrainShape(1, 16), new DrainShape(2, 8),
                        new DrainShape(2, 16)), List.of(8, 16, 40, 80, 100), 2),
                new Latency(200, Duration.ofSeconds(20), Duration.ofMillis(100), 16),
                new Submit(3_000, 20_000),
                new Heartbeat(1_000, 10, Duration.ofSeconds(1)),
                new Idle(Duration.ofSeconds(5), Duration.ofSeconds(30)),
                new Scale(List.of(10_000, 1_000_000), 3_200, 16, 20_000, 100_000),
                new Operator(50_000, 200_000, Duration.ofSeconds(5)),
                new Workflow(100_000, 1_000),
                new KeyedLimit(20_000, 200, 2, Duration.ofMillis(5), new DrainShape(3, 16)),
                new RateLimit(100, Duration.ofSeconds(10), Duration.ofMinutes(5), 4_000, new DrainShape(3, 16)),
                new Fairness(100_000, 10, 10, Duration.ofSeconds(20), new DrainShape(3, 16)));
    }

    public static Sizes quick() {
        return new Sizes(200, 200,
                new Drain(1_000, List.of(new DrainShape(1, 16)), List.of(16, 80), 2),
                new Latency(200, Duration.ofSeconds(1), Duration.ofMillis(100), 16),
                new Submit(100, 2_000),
                new Heartbeat(100, 2, Duration.ofMillis(200)),
                new Idle(Duration.ofSeconds(1), Duration.ofSeconds(2)),
                new Scale(List.of(1_000, 5_000), 320, 16, 1_000, 1_000),
                new Operator(5_000, 40_000, Duration.ofSeconds(1)),
                new Workflow(2_000, 100),
                new KeyedLimit(1_000, 20, 2, Duration.ofMillis(5), new DrainShape(1, 16)),
                new RateLimit(20, Duration.ofSeconds(2), Duration.ofSeconds(10), 150, new DrainShape(1, 16)),
                new Fairness(5_000, 10, 10, Duration.ofSeconds(2), new DrainShape(1, 16)));
    }

    public Sizes withWarmupTasks(int tasks, int peerTasks) {
        return new Sizes(tasks, peerTasks, drain, latency, submit, heartbeat, idle, scale, operator, workflow,
                keyedLimit, rateLimit, fairness);
    }

    /**
     * Other drain shapes; raw then runs at their slot counts, at 5 x their slot counts (a worker claims
     * ahead of its slots when tasks are short: 5 to 9 x slots per claim), and at 100.
     */
    public Sizes withDrainShapes(List<DrainShape> shapes) {
        List<Integer> batches = Stream.concat(shapes.stream().flatMap(shape -> Stream.of(shape.slots(), 5 * shape.slots())),
                Stream.of(100)).distinct().sorted().toList();
        return new Sizes(warmupTasks, peerWarmupTasks, new Drain(drain.tasks(), shapes, batches, drain.rawThreads()),
                latency, submit, heartbeat, idle, scale, operator, workflow, keyedLimit, rateLimit, fairness);
    }
}
