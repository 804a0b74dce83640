package com.tudicloud.asynctask.benchmark.scenario;

import java.time.Duration;
import java.util.List;

/**
 * How much each scenario does: the full sizes of issue 5, or a quick smoke version that only shows
 * that every scenario still runs (its figures mean little). Worker JVMs, the raw loop and the scale
 * claimer first run {@code warmupTasks} tasks untimed.
 */
public record Sizes(int warmupTasks, int drainTasks, List<DrainShape> drainShapes, List<Integer> rawBatches, int rawThreads,
                    int latencyRate, Duration latencyDuration, Duration latencyPollInterval, int latencySlots,
                    int singleSubmits, int batchSubmits, int heartbeatLeases, int heartbeatRounds,
                    Duration heartbeatInterval, List<Integer> scaleFinishedRows, int scaleQueued, int scaleBatch,
                    int scaleOtherTypeBacklog) {

    /** K worker JVMs with T slots each. */
    public record DrainShape(int workers, int slots) {

        /** e.g. {@code 2x16}: two workers of 16 slots */
        public static DrainShape parse(String text) {
            String[] parts = text.trim().split("x");
            return new DrainShape(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
        }
    }

    /** The same sizes with another warm-up. */
    public Sizes withWarmupTasks(int tasks) {
        return new Sizes(tasks, drainTasks, drainShapes, rawBatches, rawThreads, latencyRate, latencyDuration,
                latencyPollInterval, latencySlots, singleSubmits, batchSubmits, heartbeatLeases, heartbeatRounds,
                heartbeatInterval, scaleFinishedRows, scaleQueued, scaleBatch, scaleOtherTypeBacklog);
    }

    /** The same sizes with other drain shapes; raw runs at the batch sizes they need. */
    public Sizes withDrainShapes(List<DrainShape> shapes) {
        List<Integer> batches = shapes.stream().map(DrainShape::slots).distinct().sorted().toList();
        return new Sizes(warmupTasks, drainTasks, shapes, batches, rawThreads, latencyRate, latencyDuration,
                latencyPollInterval, latencySlots, singleSubmits, batchSubmits, heartbeatLeases, heartbeatRounds,
                heartbeatInterval, scaleFinishedRows, scaleQueued, scaleBatch, scaleOtherTypeBacklog);
    }

    public static Sizes full(int drainTasks) {
        return new Sizes(20_000, drainTasks,
                List.of(new DrainShape(1, 8), new DrainShape(1, 16), new DrainShape(2, 8), new DrainShape(2, 16)),
                List.of(8, 16, 100), 2,
                200, Duration.ofSeconds(20), Duration.ofMillis(100), 16,
                3_000, 20_000, 1_000, 10, Duration.ofSeconds(1),
                List.of(10_000, 1_000_000), 3_200, 16, 20_000);
    }

    public static Sizes quick() {
        return new Sizes(200, 1_000, List.of(new DrainShape(1, 16)), List.of(16), 2,
                200, Duration.ofSeconds(1), Duration.ofMillis(100), 16,
                100, 2_000, 100, 2, Duration.ofMillis(200),
                List.of(1_000, 5_000), 320, 16, 1_000);
    }
}
