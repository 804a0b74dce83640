package com.tudicloud.asynctask.worker.maintenance;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;

/**
 * A job that runs one round now and then on a daemon thread of its own, from {@link #start()} until
 * {@link #stop()}: the heartbeat, lease recovery, retention, the registry refresh, the scheduler, the gauges.
 * The next round starts {@link #nextRoundIn()} after a round ends (the period, unless the service knows
 * better), or at once when {@link #wakeUp()} is called meanwhile. A round that throws is logged and the job
 * goes on: a loop that died would stop recovering leases or renewing them for good.
 */
public abstract class MaintenanceService {

    private static final Logger log = LoggerFactory.getLogger(MaintenanceService.class);
    /** How long {@link #stop()} lets a round in flight run on: its statements commit or roll back within moments. */
    private static final Duration STOP_PATIENCE = Duration.ofSeconds(10);

    private final String name;
    private final Duration firstRoundIn;
    private final Duration period;
    private final Object monitor = new Object();
    private Thread thread;
    private boolean stopping;
    private boolean woken;

    /**
     * @param name         the thread's name, as thread dumps and logs show it
     * @param firstRoundIn how long after {@link #start()} the first round runs
     * @param period       how long after a round the next one runs, unless {@link #nextRoundIn()} says otherwise
     */
    protected MaintenanceService(String name, Duration firstRoundIn, Duration period) {
        this.name = name;
        this.firstRoundIn = firstRoundIn;
        this.period = period;
    }

    /** A service whose round is {@code round}, every {@code period}. */
    public static MaintenanceService every(String name, Duration period, Runnable round) {
        return new MaintenanceService(name, period, period) {
            @Override
            protected void runRound() {
                round.run();
            }
        };
    }

    /** One round. An interrupt means the service is stopping. */
    protected abstract void runRound() throws InterruptedException;

    /** How long after the round that just ended the next one runs. */
    protected Duration nextRoundIn() {
        return period;
    }

    public final void start() {
        synchronized (monitor) {
            if (thread != null) {
                return;
            }
            stopping = false;
            thread = new Thread(this::loop, name);
            thread.setDaemon(true);
            thread.start();
        }
    }

    /**
     * Ends the wait before the next round, and waits for a round in flight to end; one still running after
     * {@link #STOP_PATIENCE} is interrupted (an interrupt during a statement can break its connection).
     */
    public final void stop() {
        Thread running;
        synchronized (monitor) {
            running = thread;
            thread = null;
            stopping = true;
            monitor.notifyAll();
        }
        if (running == null || running == Thread.currentThread()) {
            return;
        }
        try {
            running.join(STOP_PATIENCE.toMillis());
            if (running.isAlive()) {
                running.interrupt();
                running.join(STOP_PATIENCE.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public final boolean isRunning() {
        synchronized (monitor) {
            return thread != null;
        }
    }

    /** Runs the next round now, or as soon as the round in flight ends. */
    public final void wakeUp() {
        synchronized (monitor) {
            woken = true;
            monitor.notifyAll();
        }
    }

    public final String name() {
        return name;
    }

    private void loop() {
        Duration wait = firstRoundIn;
        while (awaitRound(wait)) {
            try {
                runRound();
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException | Error e) {
                log.error("{} round failed; the next one runs as planned", name, e);
            }
            wait = nextRoundIn();
        }
    }

    /** @return false when stopping */
    private boolean awaitRound(Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        synchronized (monitor) {
            try {
                for (long left = wait.toNanos(); !stopping && !woken && left > 0; left = deadline - System.nanoTime()) {
                    monitor.wait(Math.max(1, left / 1_000_000));
                }
            } catch (InterruptedException e) {
                return false;
            }
            woken = false;
            return !stopping;
        }
    }
}
