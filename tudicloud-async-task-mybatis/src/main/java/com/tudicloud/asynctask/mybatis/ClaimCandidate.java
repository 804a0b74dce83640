package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.ClaimedTask;

import java.time.Duration;
import java.time.LocalDateTime;

/** A due task locked by the claim transaction, as it was before the claim; both instants are the database's. */
public record ClaimCandidate(long id, String taskType, TaskStatus status, String payloadJson, int attemptCount,
                             int maxAttempts, String ownerId, long leaseToken, int priority, LocalDateTime availableAt,
                             LocalDateTime dbNow) {

    boolean isScheduled() {
        return status == TaskStatus.SCHEDULED;
    }

    /** The task as the claim leaves it: one more attempt, the next fencing token. */
    ClaimedTask claimed() {
        return new ClaimedTask(id, taskType, payloadJson, attemptCount + 1, maxAttempts, ownerId, leaseToken + 1,
                Math.max(0, Duration.between(availableAt, dbNow).toMillis()));
    }
}
