package com.tudicloud.asynctask.console.audit;

import com.tudicloud.asynctask.api.spi.AuditTrail;
import com.tudicloud.asynctask.worker.RetentionConfig;
import com.tudicloud.asynctask.worker.maintenance.Batches;
import com.tudicloud.asynctask.worker.maintenance.MaintenanceService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Deletes the audit trail's records older than {@code async-task.retention.audit-age}, every retention interval,
 * in batches of the retention's batch size (at most its max batches per round, with its pause between them).
 * Admin instances that prune at the same time only share the work: each statement deletes the oldest rows left.
 */
public final class AuditRetention extends MaintenanceService {

    private static final Logger log = LoggerFactory.getLogger(AuditRetention.class);

    private final AuditTrail audit;
    private final Duration age;
    private final Batches batches;

    AuditRetention(AuditTrail audit, RetentionConfig retention, Duration age) {
        super("async-task-audit-retention", retention.interval(), retention.interval());
        this.audit = audit;
        this.age = age;
        this.batches = new Batches(retention.batchSize(), retention.maxBatches(), retention.batchPause());
    }

    /** @return the records deleted */
    public long prune() throws InterruptedException {
        AtomicLong deleted = new AtomicLong();
        batches.run(() -> {
            int count = audit.deleteOlderThan(age, batches.size());
            deleted.addAndGet(count);
            return count;
        }, () -> true);
        if (deleted.get() > 0) {
            log.info("Retention deleted {} audit records older than {}", deleted.get(), age);
        }
        return deleted.get();
    }

    @Override
    protected void runRound() throws InterruptedException {
        prune();
    }
}
