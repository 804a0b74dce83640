package com.tudicloud.asynctask.api.spi;

import com.tudicloud.asynctask.api.TaskStatus;

import java.util.Map;
import java.util.Set;

/**
 * The state of the queue at one moment of the database's clock.
 *
 * @param byStatus                 tasks per status (every status present, 0 when none)
 * @param byType                   per task type, tasks per status (only statuses that occur)
 * @param oldestDueQueuedAgeMillis how long the oldest due task waiting for a worker has been due, or {@code null} when none is
 * @param expiredLeases            RUNNING or CANCEL_REQUESTED tasks whose lease has expired, not recovered yet
 * @param capped                   statuses whose count stopped at its limit: at least that many tasks have them,
 *                                 and their counts by type are those of the tasks counted
 */
public record TaskStats(Map<TaskStatus, Long> byStatus, Map<String, Map<TaskStatus, Long>> byType,
                        Long oldestDueQueuedAgeMillis, long expiredLeases, Set<TaskStatus> capped) {

    public TaskStats {
        byStatus = Map.copyOf(byStatus);
        byType = Map.copyOf(byType);
        capped = Set.copyOf(capped);
    }
}
