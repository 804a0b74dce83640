package com.tudicloud.asynctask.worker.engine;

import org.springframework.context.SmartLifecycle;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A maintenance job that runs one round every period on a thread of its own, started and stopped
 * with the application. A round that throws is the subclass's to report; the schedule goes on.
 */
public abstract class PeriodicService implements SmartLifecycle {

    private final String threadName;
    private final Duration initialDelay;
    private final Duration period;
    private volatile ScheduledExecutorService scheduler;

    protected PeriodicService(String threadName, Duration initialDelay, Duration period) {
        this.threadName = threadName;
        this.initialDelay = initialDelay;
        this.period = period;
    }

    /** One round; must not throw. */
    protected abstract void runRound();

    @Override
    public void start() {
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(new NamedThreads(threadName));
        executor.scheduleWithFixedDelay(this::runRound, initialDelay.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
        scheduler = executor;
    }

    @Override
    public void stop() {
        ScheduledExecutorService executor = scheduler;
        scheduler = null;
        if (executor != null) {
            executor.shutdownNow();
        }
    }

    @Override
    public boolean isRunning() {
        return scheduler != null;
    }
}
