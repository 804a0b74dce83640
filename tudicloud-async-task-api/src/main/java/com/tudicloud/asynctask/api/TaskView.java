package com.tudicloud.asynctask.api;

import java.time.Instant;

/**
 * A read-only snapshot of one task row.
 *
 * @param leaseToken grows by one on every claim; writes by a holder with an older token are refused
 * @param taskKey    what the task belongs to for its type's per-key cap, or null
 * @param batchId    the batch it is a child of, or null
 * @param parentTaskId the running task whose handler submitted it ({@link TaskContext#submit}), or null
 */
public record TaskView(long id, String taskType, TaskStatus status, int priority, String payloadJson,
                       String ownerId, String dedupKey, Instant availableAt, int attemptCount, int maxAttempts,
                       String leaseOwner, Instant leaseUntil, long leaseToken, Integer progress,
                       String progressMessage, String artifactId, String lastError, Instant createTime,
                       Instant updateTime, Instant startedAt, Instant finishedAt, String taskKey,
                       Long batchId, Long parentTaskId) {
}
