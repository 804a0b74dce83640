package com.tudicloud.asynctask.worker.metrics;

import com.tudicloud.asynctask.api.spi.QueueDepth;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.WorkerRegistry;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import com.tudicloud.asynctask.worker.engine.PeriodicService;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The state of the whole fleet, read from the database every refresh interval and exposed as gauges:
 * the queue by type (async_task_queued, async_task_queue_due, async_task_queue_oldest_due_age_seconds;
 * one query over the QUEUED and SCHEDULED rows), leases expired and not yet recovered (async_task_leases_expired),
 * and live workers (async_task_workers_live). Every instance exports the same figures; aggregate them
 * with max() across instances.
 */
public class FleetGauges extends PeriodicService {

    private static final Logger log = LoggerFactory.getLogger(FleetGauges.class);

    private final TaskAdminStore store;
    private final WorkerRegistry workers;
    private final Duration workerSilence;
    private final MultiGauge queued;
    private final MultiGauge due;
    private final MultiGauge oldestDueAge;
    private final AtomicLong expiredLeases = new AtomicLong();
    private final AtomicLong liveWorkers = new AtomicLong();

    /** @param workerSilence a worker whose last heartbeat is older than this does not count as live */
    public FleetGauges(TaskAdminStore store, WorkerRegistry workers, MeterRegistry registry, Duration refreshInterval,
                       Duration workerSilence) {
        super("async-task-fleet-gauges", Duration.ZERO, refreshInterval);
        this.store = store;
        this.workers = workers;
        this.workerSilence = workerSilence;
        this.queued = MultiGauge.builder("async.task.queued").description("Tasks waiting for a worker (QUEUED or SCHEDULED), due or not").register(registry);
        this.due = MultiGauge.builder("async.task.queue.due").description("Tasks waiting for a worker that are due").register(registry);
        this.oldestDueAge = MultiGauge.builder("async.task.queue.oldest.due.age").baseUnit("seconds")
                .description("How long the oldest due task waiting for a worker has waited").register(registry);
        Gauge.builder("async.task.leases.expired", expiredLeases, AtomicLong::get)
                .description("Leased tasks whose lease expired and that await recovery").register(registry);
        Gauge.builder("async.task.workers.live", liveWorkers, AtomicLong::get)
                .description("Workers not stopped whose last heartbeat is recent").register(registry);
    }

    /** Reads the figures once; a failure keeps the last ones and is retried next time. */
    @Override
    public void runRound() {
        List<QueueDepth> depths;
        try {
            depths = store.queueDepth();
            expiredLeases.set(store.expiredLeases());
            liveWorkers.set(workers.seenWithin(workerSilence).stream().filter(w -> w.isLive(workerSilence)).count());
        } catch (RuntimeException e) {
            log.debug("Could not read the fleet's figures: {}", e.toString());
            return;
        }
        queued.register(depths.stream().map(d -> row(d, d.queued())).toList(), true);
        due.register(depths.stream().map(d -> row(d, d.due())).toList(), true);
        oldestDueAge.register(depths.stream().map(d -> row(d, d.oldestDueAgeMillis() / 1000.0)).toList(), true);
    }

    private static MultiGauge.Row<Number> row(QueueDepth depth, Number value) {
        return MultiGauge.Row.of(Tags.of("type", depth.taskType()), value);
    }

}
