package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.ClaimedTask;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Comparator;

/**
 * A due task locked by the claim transaction, as it was before the claim; both instants are the database's.
 *
 * @param traceParent the submit's W3C traceparent, or null
 * @param batchId   the batch it is a child of, or null
 * @param hasDependents whether tasks wait for it (as the claim read it: a dependent submitted later sets it)
 * @param claimable whether it was locked as one the claim may take, in claim order; else it is a due
 *                  SCHEDULED task locked so that it can become QUEUED if the claim leaves it
 * @param reached   whether it is the head of a key that a keyed claim reached key by key (ClaimBranch)
 */
public record ClaimCandidate(long id, String taskType, TaskStatus status, String payloadJson, int attemptCount,
                             int maxAttempts, String ownerId, long leaseToken, int priority, LocalDateTime availableAt,
                             LocalDateTime dbNow, boolean claimable, String taskKey, boolean reached, String traceParent,
                             Long batchId, boolean hasDependents) {

    /** The claim order: priority first, then the longest due, then the oldest. */
    static final Comparator<ClaimCandidate> CLAIM_ORDER = Comparator.comparingInt(ClaimCandidate::priority).reversed()
            .thenComparing(ClaimCandidate::availableAt).thenComparingLong(ClaimCandidate::id);

    boolean isScheduled() {
        return status == TaskStatus.SCHEDULED;
    }

    /** The task as the claim leaves it: one more attempt, the next fencing token. */
    ClaimedTask claimed() {
        return new ClaimedTask(id, taskType, payloadJson, attemptCount + 1, maxAttempts, ownerId, leaseToken + 1,
                Math.max(0, Duration.between(availableAt, dbNow).toMillis()), traceParent, batchId, hasDependents);
    }
}
