package com.tudicloud.asynctask.api.spi;

/**
 * What a bulk action changed.
 *
 * @param changed    tasks it moved to their new status (for a cancel: those it cancelled at once)
 * @param requested  running tasks it asked to cancel (CANCEL_REQUESTED); their workers stop them
 * @param batches    ranges of ids it went through, each in statements of its own
 */
public record BulkResult(long changed, long requested, long batches) {
}
