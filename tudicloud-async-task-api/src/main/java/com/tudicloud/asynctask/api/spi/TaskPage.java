package com.tudicloud.asynctask.api.spi;

import com.tudicloud.asynctask.api.TaskView;

import java.util.List;

/**
 * One page of a task listing, with the number of tasks that match the filters in all.
 *
 * @param totalCapped the count stopped at its limit: at least {@code total} tasks match
 */
public record TaskPage(List<TaskView> items, long total, boolean totalCapped, int page, int size) {

    public TaskPage {
        items = List.copyOf(items);
    }

    public TaskPage(List<TaskView> items, long total, int page, int size) {
        this(items, total, false, page, size);
    }
}
