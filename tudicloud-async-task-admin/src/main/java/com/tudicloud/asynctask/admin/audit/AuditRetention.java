package com.tudicloud.asynctask.admin.audit;

import com.tudicloud.asynctask.api.spi.AuditTrail;
import com.tudicloud.asynctask.worker.AsyncTaskProperties;
import com.tudicloud.asynctask.worker.engine.PeriodicService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes the audit trail's records older than {@code async-task.retention.audit-age}, every retention interval,
 * in batches of the retention's batch size (at most its max batches per round, with its pause between them).
 * Admin instances that prune at the same time only share the work: each statement deletes the oldest rows left.
 */
final class AuditRetention extends PeriodicService {

    private static final Logger log = LoggerFactory.getLogger(AuditRetention.class);

    private final AuditTrail audit;
    private final AsyncTaskProperties.Retention settings;

    AuditRetention(AuditTrail audit, AsyncTaskProperties.Retention settings) {
        super("async-task-audit-retention", settings.getInterval(), settings.getInterval());
        this.audit = audit;
        this.settings = settings;
    }

    /** @return the records deleted */
    long prune() throws InterruptedException {
        long deleted = 0;
        for (int batch = 0; batch < settings.getMaxBatches(); batch++) {
            int count = audit.deleteOlderThan(settings.getAuditAge(), settings.getBatchSize());
            deleted += count;
            if (count < settings.getBatchSize()) {
                break;
            }
            Thread.sleep(settings.getBatchPause().toMillis());
        }
        if (deleted > 0) {
            log.info("Retention deleted {} audit records older than {}", deleted, settings.getAuditAge());
        }
        return deleted;
    }

    @Override
    protected void runRound() {
        try {
            prune();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            log.warn("Audit retention round failed, will try again next round: {}", e.toString());
        }
    }
}
