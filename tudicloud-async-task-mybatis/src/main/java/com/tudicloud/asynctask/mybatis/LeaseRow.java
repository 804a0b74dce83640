package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.LeaseState;

/** The lease columns of one task, read after a renewal. */
public record LeaseRow(long id, TaskStatus status, String leaseOwner, long leaseToken, boolean unexpired) {

    LeaseState stateFor(String workerId, long expectedToken) {
        boolean held = unexpired && status.isLeased() && workerId.equals(leaseOwner) && leaseToken == expectedToken;
        if (!held) {
            return LeaseState.LOST;
        }
        return status == TaskStatus.CANCEL_REQUESTED ? LeaseState.CANCEL_REQUESTED : LeaseState.HELD;
    }
}
