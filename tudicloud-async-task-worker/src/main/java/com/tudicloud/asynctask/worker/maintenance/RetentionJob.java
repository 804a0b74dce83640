package com.tudicloud.asynctask.worker.maintenance;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.FleetLocks;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import com.tudicloud.asynctask.worker.RetentionConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Deletes finished tasks older than their status's age, in short batches with pauses, so that a big
 * table is pruned without long locks and without getting in the way of claims (which never touch
 * finished rows). One worker of the fleet runs a round at a time: it holds the 'retention' fleet lock,
 * extended after every batch; a worker that dies mid-round lets it run out.
 */
public final class RetentionJob extends MaintenanceService {

    static final String LOCK = "retention";
    private static final Logger log = LoggerFactory.getLogger(RetentionJob.class);

    private final String owner;
    private final RetentionConfig settings;
    private final TaskAdminStore store;
    private final FleetLocks locks;
    private final AsyncTaskMetrics metrics;
    private final Batches batches;

    public RetentionJob(String owner, RetentionConfig settings, TaskAdminStore store, FleetLocks locks,
                        AsyncTaskMetrics metrics) {
        super("async-task-retention", settings.interval(), settings.interval());
        this.owner = owner;
        this.settings = settings;
        this.store = store;
        this.locks = locks;
        this.metrics = metrics;
        this.batches = new Batches(settings.batchSize(), settings.maxBatches(), settings.batchPause());
    }

    /**
     * One round, if this instance gets the lock.
     *
     * @return tasks deleted per status; empty when another instance holds the lock
     */
    public Map<TaskStatus, Integer> prune() throws InterruptedException {
        if (!locks.tryAcquire(LOCK, owner, settings.interval())) {
            return Map.of();
        }
        Map<TaskStatus, Integer> deleted = new EnumMap<>(TaskStatus.class);
        try {
            for (Map.Entry<TaskStatus, Duration> age : ages().entrySet()) {
                if (!prune(age.getKey(), age.getValue(), deleted)) {
                    log.warn("Retention lost its lock after deleting {}; another worker carries on", deleted);
                    break;
                }
            }
        } finally {
            locks.release(LOCK, owner);
        }
        if (deleted.values().stream().anyMatch(count -> count > 0)) {
            log.info("Retention deleted finished tasks: {}", deleted);
        }
        return deleted;
    }

    /** @return whether this instance still holds the lock */
    private boolean prune(TaskStatus status, Duration age, Map<TaskStatus, Integer> deleted) throws InterruptedException {
        return batches.run(() -> {
            int count = store.deleteFinished(status, age, batches.size());
            deleted.merge(status, count, Integer::sum);
            metrics.retentionDeleted(status, count);
            return count;
        }, () -> locks.tryAcquire(LOCK, owner, settings.interval()));
    }

    private Map<TaskStatus, Duration> ages() {
        Map<TaskStatus, Duration> ages = new LinkedHashMap<>();
        ages.put(TaskStatus.SUCCESS, settings.successAge());
        ages.put(TaskStatus.FAILED, settings.failedAge());
        ages.put(TaskStatus.CANCELLED, settings.cancelledAge());
        return ages;
    }

    @Override
    protected void runRound() throws InterruptedException {
        try {
            prune();
        } catch (RuntimeException e) {
            log.warn("Retention round failed, will try again next round: {}", e.toString());
        }
    }
}
