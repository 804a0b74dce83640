package com.tudicloud.asynctask.api.spi;

import com.tudicloud.asynctask.api.TaskView;

import java.util.List;

/** One page of a task listing, with the number of tasks that match the filters in all. */
public record TaskPage(List<TaskView> items, long total, int page, int size) {

    public TaskPage {
        items = List.copyOf(items);
    }
}
