package com.tudicloud.asynctask.api.spi;

import com.tudicloud.asynctask.api.RetryOutcome;

/** What operators need beyond the client: listing with filters, the queue's state, and retrying. */
public interface TaskAdminStore {

    TaskPage search(TaskQuery query);

    TaskStats stats();

    /** FAILED or CANCELLED -> QUEUED, due now, with the attempt count reset to 0. */
    RetryOutcome retry(long taskId);
}
