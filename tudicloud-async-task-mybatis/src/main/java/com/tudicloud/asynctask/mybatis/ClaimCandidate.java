package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimedTask;

/** A due task locked by the claim transaction, as it was before the claim. */
record ClaimCandidate(long id, String taskType, String payloadJson, int attemptCount, int maxAttempts,
                      String ownerId, long leaseToken, int priority) {

    /** The task as the claim leaves it: one more attempt, the next fencing token. */
    ClaimedTask claimed() {
        return new ClaimedTask(id, taskType, payloadJson, attemptCount + 1, maxAttempts, ownerId, leaseToken + 1);
    }
}
