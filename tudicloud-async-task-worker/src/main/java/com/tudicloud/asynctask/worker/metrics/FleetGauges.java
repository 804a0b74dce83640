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
import com.tudicloud.asynctask.worker.maintenance.MaintenanceService;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The state of the whole fleet, read from the database every refresh interval and exposed as gauges:
 * the queue by type (async_task_queued, async_task_queue_due, async_task_queue_oldest_due_age_seconds;
 * one query over the QUEUED and SCHEDULED rows), leases expired and not yet recovered (async_task_leases_expired),
 * and live workers (async_task_workers_live). Every instance exports the same figures; aggregate them
 * with max() across instances. A type's queue series reads 0 when it has nothing queued, for the types
 * this application handles and for every type it has seen queued since it started: an empty queue is a
 * figure, not a gap in the graph.
 */
public class FleetGauges extends MaintenanceService {

    private static final Logger log = LoggerFactory.getLogger(FleetGauges.class);

    private final TaskAdminStore store;
    private final WorkerRegistry workers;
    private final Duration workerSilence;
    private final MultiGauge queued;
    private final MultiGauge due;
    private final MultiGauge oldestDueAge;
    private final AtomicLong expiredLeases = new AtomicLong();
    private final AtomicLong liveWorkers = new AtomicLong();
    /** Types shown even when nothing is queued: those handled here, and those seen queued. */
    private final Set<String> knownTypes = ConcurrentHashMap.newKeySet();

    /**
     * @param workerSilence a worker whose last heartbeat is older than this does not count as live
     * @param taskTypes     the types this application handles: their series exist from the first read
     */
    public FleetGauges(TaskAdminStore store, WorkerRegistry workers, MeterRegistry registry, Duration refreshInterval,
                       Duration workerSilence, Set<String> taskTypes) {
        super("async-task-fleet-gauges", Duration.ZERO, refreshInterval);
        this.store = store;
        this.workers = workers;
        this.workerSilence = workerSilence;
        this.knownTypes.addAll(taskTypes);
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
        Map<String, QueueDepth> byType = depths.stream().collect(Collectors.toMap(QueueDepth::taskType, d -> d));
        knownTypes.addAll(byType.keySet());
        queued.register(rows(byType, QueueDepth::queued), true);
        due.register(rows(byType, QueueDepth::due), true);
        oldestDueAge.register(rows(byType, d -> d.oldestDueAgeMillis() / 1000.0), true);
    }

    private List<MultiGauge.Row<?>> rows(Map<String, QueueDepth> byType, Function<QueueDepth, Number> figure) {
        return knownTypes.stream().<MultiGauge.Row<?>>map(type -> {
            QueueDepth depth = byType.get(type);
            return MultiGauge.Row.of(Tags.of("type", type), depth == null ? 0 : figure.apply(depth));
        }).toList();
    }

}
