package com.tudicloud.asynctask.api.spi;

import java.util.Set;

/**
 * @param rejected the tasks whose outcome was not written because the lease was no longer held
 *                 (a stale token, an expired lease, or a task already finished)
 */
public record CompletionReport(int written, Set<Long> rejected) {

    public CompletionReport {
        rejected = Set.copyOf(rejected);
    }
}
