package com.tudicloud.asynctask.benchmark.engine;

import com.tudicloud.asynctask.worker.WorkerConfig;
import com.tudicloud.asynctask.worker.engine.AsyncTaskWorker;

import java.time.Duration;
import java.util.List;

/**
 * Runs the engine's hot paths before the measurement, so that a worker JVM is measured compiled, as a
 * long-running service is, not while the JIT is still at work: a worker of its own on the same stores
 * and settings drains tasks of a type only it handles ({@code bench.warmup.<worker id>}), then stops;
 * what the store measured meanwhile is forgotten.
 */
public final class Warmup {

    private static final Duration TIMEOUT = Duration.ofMinutes(20);

    private Warmup() {
    }

    public static void run(BenchEngine engine, String workerId, WorkerConfig.Builder settings, int tasks)
            throws InterruptedException {
        NoopHandler handler = new NoopHandler("bench.warmup." + workerId);
        AsyncTaskWorker worker = engine.worker(workerId + "-warmup", settings, List.of(handler));
        worker.start();
        try {
            new TaskFeed(engine.client(worker), handler.taskType()).submitInBatches(tasks);
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (handler.executions() < tasks) {
                if (System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException("warm-up of " + workerId + " did not finish within " + TIMEOUT);
                }
                Thread.sleep(10);
            }
        } finally {
            worker.stop();
            engine.leaseStore().reset();
        }
    }
}
