package com.tudicloud.asynctask.worker.metrics;

import com.tudicloud.asynctask.api.spi.QueueDepth;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Queue depth and the age of the oldest due task, by type, read from the database every refresh
 * interval (one cheap query over the QUEUED rows) and exposed as gauges:
 * async_task_queued{type}, async_task_queue_due{type}, async_task_queue_oldest_due_age_seconds{type}.
 * Every instance exports the same figures; aggregate with max() across instances.
 */
public class QueueGauges implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(QueueGauges.class);

    private final TaskAdminStore store;
    private final Duration refreshInterval;
    private final MultiGauge queued;
    private final MultiGauge due;
    private final MultiGauge oldestDueAge;
    private volatile ScheduledExecutorService scheduler;

    public QueueGauges(TaskAdminStore store, MeterRegistry registry, Duration refreshInterval) {
        this.store = store;
        this.refreshInterval = refreshInterval;
        this.queued = MultiGauge.builder("async.task.queued").description("QUEUED tasks, due or not").register(registry);
        this.due = MultiGauge.builder("async.task.queue.due").description("QUEUED tasks that are due").register(registry);
        this.oldestDueAge = MultiGauge.builder("async.task.queue.oldest.due.age").baseUnit("seconds")
                .description("How long the oldest due QUEUED task has waited").register(registry);
    }

    /** Reads the queue once; a failure keeps the last figures and is retried next time. */
    public void refresh() {
        List<QueueDepth> depths;
        try {
            depths = store.queueDepth();
        } catch (RuntimeException e) {
            log.debug("Could not read the queue depth: {}", e.toString());
            return;
        }
        queued.register(depths.stream().map(d -> row(d, d.queued())).toList(), true);
        due.register(depths.stream().map(d -> row(d, d.due())).toList(), true);
        oldestDueAge.register(depths.stream().map(d -> row(d, d.oldestDueAgeMillis() / 1000.0)).toList(), true);
    }

    private static MultiGauge.Row<Number> row(QueueDepth depth, Number value) {
        return MultiGauge.Row.of(Tags.of("type", depth.taskType()), value);
    }

    @Override
    public void start() {
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "async-task-queue-gauges");
            thread.setDaemon(true);
            return thread;
        });
        executor.scheduleWithFixedDelay(this::refresh, 0, refreshInterval.toMillis(), TimeUnit.MILLISECONDS);
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
