package com.tudicloud.asynctask.api.spi;

import com.tudicloud.asynctask.api.TaskStatus;

import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/**
 * A page of tasks for operators. Every filter is optional ({@code null} or empty for none).
 *
 * @param createdFrom inclusive
 * @param createdTo   exclusive
 * @param page        from 0
 * @param size        1 to {@link #MAX_SIZE}
 * @param taskKey     only the tasks of this key
 * @param batchId     only the tasks of this batch
 */
public record TaskQuery(Set<TaskStatus> statuses, String taskType, String ownerId, Instant createdFrom,
                        Instant createdTo, TaskSort sort, boolean descending, int page, int size, String taskKey,
                        Long batchId) {

    public static final int MAX_SIZE = 200;

    public TaskQuery {
        statuses = statuses == null ? Set.of() : Set.copyOf(statuses);
        Objects.requireNonNull(sort, "sort");
        if (page < 0) {
            throw new IllegalArgumentException("page must be 0 or more: " + page);
        }
        if (size < 1 || size > MAX_SIZE) {
            throw new IllegalArgumentException("size must be from 1 to " + MAX_SIZE + ": " + size);
        }
    }

    /** A query of any key and any batch. */
    public TaskQuery(Set<TaskStatus> statuses, String taskType, String ownerId, Instant createdFrom,
                     Instant createdTo, TaskSort sort, boolean descending, int page, int size) {
        this(statuses, taskType, ownerId, createdFrom, createdTo, sort, descending, page, size, null, null);
    }

    public long offset() {
        return (long) page * size;
    }
}
