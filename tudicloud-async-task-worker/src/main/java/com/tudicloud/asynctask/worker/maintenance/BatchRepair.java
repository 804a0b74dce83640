package com.tudicloud.asynctask.worker.maintenance;

import com.tudicloud.asynctask.api.spi.BatchStore;
import com.tudicloud.asynctask.api.spi.FinishedBatch;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;

/**
 * Ends the batches that every child has ended and that are still open. The transaction that writes a batch's
 * last child ends the batch and inserts its callbacks, so each batch found here is a write path that did not:
 * it is ended by the same guarded statements, logged and counted ({@code async_task_batch_repairs}), so that the
 * bug shows. Each round also counts the batches not ended yet ({@code async_task_batches_open}).
 */
public final class BatchRepair extends MaintenanceService {

    /** Unfinished batches each round looks at, oldest first; and the cap of the open-batches count. */
    public static final int EXAMINED_PER_ROUND = 1000;

    private static final Logger log = LoggerFactory.getLogger(BatchRepair.class);

    private final BatchStore store;
    private final AsyncTaskMetrics metrics;

    public BatchRepair(BatchStore store, Duration interval, AsyncTaskMetrics metrics) {
        super("async-task-batch-repair", interval, interval);
        this.store = store;
        this.metrics = metrics;
    }

    @Override
    protected void runRound() {
        List<FinishedBatch> repaired = repairOnce();
        if (!repaired.isEmpty()) {
            log.warn("Ended {} batches whose children had all ended while the batches stayed open: {}",
                    repaired.size(), repaired);
        }
        metrics.batchesOpen(store.countUnfinished(EXAMINED_PER_ROUND));
    }

    /** One pass: the batches it ended, each counted as a repair. */
    public List<FinishedBatch> repairOnce() {
        List<FinishedBatch> repaired = store.repairFinished(EXAMINED_PER_ROUND);
        metrics.batchesRepaired(repaired);
        return repaired;
    }
}
