package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.benchmark.db.BenchDatabase;
import com.tudicloud.asynctask.benchmark.engine.BenchEngine;
import com.tudicloud.asynctask.benchmark.engine.NoopHandler;
import com.tudicloud.asynctask.benchmark.engine.TaskFeed;
import com.zaxxer.hikari.HikariDataSource;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Keys that each submit no-op tasks at a steady rate, one call each, the keys in turn, from a thread of the runner on
 * a pool of its own; its client wakes no worker, so the workers learn of each task by polling, as of a producer in
 * another JVM. It runs beside a drain ({@link DrainScenario.Traffic}), or for a fixed time.
 */
final class KeyedTraffic implements DrainScenario.Traffic, AutoCloseable {

    private final HikariDataSource pool;
    private final TaskFeed feed;
    private final List<String> keys;
    private final int perSecond;
    private final String drainedKey;
    private final AtomicBoolean stopping = new AtomicBoolean();
    private FutureTask<Integer> running;

    /**
     * @param keys       the keys that submit
     * @param perKeyRate tasks each key submits a second
     * @param drainedKey the key of the tasks the drain beside it drains, not among {@code keys}
     */
    KeyedTraffic(BenchDatabase db, List<String> keys, int perKeyRate, String drainedKey) {
        if (keys.contains(drainedKey)) {
            throw new IllegalArgumentException("the drained key " + drainedKey + " is among the traffic's keys " + keys);
        }
        this.pool = db.newPool("traffic", 2);
        this.feed = new TaskFeed(new BenchEngine(pool).client(), NoopHandler.TYPE);
        this.keys = List.copyOf(keys);
        this.perSecond = keys.size() * perKeyRate;
        this.drainedKey = drainedKey;
    }

    /** Submits for {@code duration} in the calling thread and returns how many tasks it submitted. */
    int runFor(Duration duration) {
        return feed.submitAtRate(perSecond, duration, keys, () -> false);
    }

    @Override
    public String drainedKey() {
        return drainedKey;
    }

    @Override
    public void start() {
        stopping.set(false);
        running = new FutureTask<>(() -> feed.submitAtRate(perSecond, DrainScenario.TIMEOUT, keys, stopping::get));
        new Thread(running, "bench-traffic").start();
    }

    @Override
    public int stop() throws InterruptedException {
        stopping.set(true);
        try {
            return running.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("the traffic beside the drain failed", e.getCause());
        }
    }

    /** Stops a submitter still running (a drain that failed never stopped it) and closes the pool. */
    @Override
    public void close() {
        stopping.set(true);
        pool.close();
    }
}
