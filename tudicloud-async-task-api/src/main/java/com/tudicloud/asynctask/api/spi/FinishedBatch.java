package com.tudicloud.asynctask.api.spi;

import com.tudicloud.asynctask.api.BatchState;

/**
 * A batch that a write ended, in the write's own transaction.
 *
 * @param callbacks the callback tasks inserted for its end
 */
public record FinishedBatch(long batchId, BatchState state, int callbacks) {
}
