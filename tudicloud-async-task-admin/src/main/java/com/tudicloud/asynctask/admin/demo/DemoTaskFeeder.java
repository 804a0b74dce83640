package com.tudicloud.asynctask.admin.demo;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Keeps demo tasks flowing while the application runs: the start-up batch at once, then a round
 * every feed interval, on one thread of its own that stops with the application.
 */
public class DemoTaskFeeder implements SmartLifecycle {

    static final String THREAD_NAME = "async-task-demo-feeder";

    private static final Logger log = LoggerFactory.getLogger(DemoTaskFeeder.class);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

    private final AsyncTaskClient client;
    private final DemoTaskMix mix;
    private final Duration interval;

    private ScheduledExecutorService schedule;

    DemoTaskFeeder(AsyncTaskClient client, DemoTaskMix mix, Duration interval) {
        this.client = client;
        this.mix = mix;
        this.interval = interval;
    }

    @Override
    public synchronized void start() {
        if (schedule != null) {
            return;
        }
        schedule = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, THREAD_NAME);
            thread.setDaemon(true);
            return thread;
        });
        schedule.execute(() -> submit(mix.startUpBatch()));
        schedule.scheduleWithFixedDelay(() -> submit(mix.nextRound()), interval.toMillis(), interval.toMillis(),
                TimeUnit.MILLISECONDS);
        log.info("Demo feeder started: a round of demo tasks every {}", interval);
    }

    /** Lets a submit in flight finish (an interrupt could break its connection), then ends the thread. */
    @Override
    public synchronized void stop() {
        if (schedule == null) {
            return;
        }
        schedule.shutdown();
        try {
            if (!schedule.awaitTermination(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                schedule.shutdownNow();
            }
        } catch (InterruptedException e) {
            schedule.shutdownNow();
            Thread.currentThread().interrupt();
        }
        schedule = null;
    }

    @Override
    public synchronized boolean isRunning() {
        return schedule != null;
    }

    /** Never throws: an exception would silently cancel all later rounds of the schedule. */
    private void submit(List<TaskRequest> requests) {
        if (requests.isEmpty()) {
            return;
        }
        try {
            client.submitAll(requests);
            log.debug("Demo feeder submitted {} tasks", requests.size());
        } catch (RuntimeException e) {
            log.warn("Demo feeder could not submit {} tasks; it tries again next round", requests.size(), e);
        }
    }
}
