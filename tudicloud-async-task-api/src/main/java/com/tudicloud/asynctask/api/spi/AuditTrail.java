package com.tudicloud.asynctask.api.spi;

import java.time.Duration;
import java.util.List;

/** The durable record of operators' actions and failed logins: appended to, read, and pruned by age only. */
public interface AuditTrail {

    /** Appends one record, stamped with the database's clock. */
    void record(AuditEntry entry);

    /** Records newest first, as the query filters them. */
    List<AuditEntry> search(AuditQuery query);

    /** Who submitted the task through the admin API, as its submit's record says; null when none does. */
    String submitterOf(long taskId);

    /** Deletes at most {@code limit} of the records older than {@code age}, oldest first, in one short statement. */
    int deleteOlderThan(Duration age, int limit);
}
