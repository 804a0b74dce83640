package com.tudicloud.asynctask.api.spi;

import com.tudicloud.asynctask.api.TaskStatus;

import java.time.Instant;
import java.util.Set;

/**
 * Which tasks a bulk action applies to. Every filter is optional ({@code null} or empty for none); they
 * combine with AND, and several statuses mean any of them.
 *
 * @param createdFrom inclusive
 * @param createdTo   exclusive
 */
public record TaskFilter(Set<TaskStatus> statuses, String taskType, String ownerId, Instant createdFrom,
                         Instant createdTo) {

    public TaskFilter {
        statuses = statuses == null ? Set.of() : Set.copyOf(statuses);
    }

    /** The same filter on these statuses only: those of this filter among {@code allowed}, or all of {@code allowed}. */
    public TaskFilter within(Set<TaskStatus> allowed) {
        if (!allowed.containsAll(statuses)) {
            throw new IllegalArgumentException("statuses must be among " + allowed + ": " + statuses);
        }
        return new TaskFilter(statuses.isEmpty() ? allowed : statuses, taskType, ownerId, createdFrom, createdTo);
    }

    /** The same filter as a query of one page, for counting what it matches. */
    public TaskQuery asQuery() {
        return new TaskQuery(statuses, taskType, ownerId, createdFrom, createdTo, TaskSort.CREATE_TIME, true, 0, 1);
    }
}
