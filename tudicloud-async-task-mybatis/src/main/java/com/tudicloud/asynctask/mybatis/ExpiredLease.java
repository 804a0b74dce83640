package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;

import java.time.Duration;
import java.time.LocalDateTime;

/**
 * A task whose lease expired, locked by the recovery transaction; both instants are the database's.
 *
 * @param batchId    the batch it is a child of, or null
 * @param leaseOwner the worker that held the lease, which recovery clears and the task's event keeps
 * @param hasDependents whether tasks wait for it: its end counts them down
 */
public record ExpiredLease(long id, TaskStatus status, int attemptCount, int maxAttempts, String leaseOwner,
                           LocalDateTime leaseUntil, LocalDateTime dbNow, Long batchId, boolean hasDependents) {

    enum Fate { REQUEUE, FAIL, CANCEL }

    /** A requested cancel ends the task; otherwise it runs again while it has attempts left. */
    Fate fate() {
        if (status == TaskStatus.CANCEL_REQUESTED) {
            return Fate.CANCEL;
        }
        return attemptCount < maxAttempts ? Fate.REQUEUE : Fate.FAIL;
    }

    long expiredForMillis() {
        return Duration.between(leaseUntil, dbNow).toMillis();
    }
}
