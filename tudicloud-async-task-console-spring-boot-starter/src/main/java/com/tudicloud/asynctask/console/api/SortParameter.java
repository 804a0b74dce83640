package com.tudicloud.asynctask.console.api;

import com.tudicloud.asynctask.console.api.error.ApiProblems;
import com.tudicloud.asynctask.api.spi.TaskSort;

import java.util.Locale;
import java.util.Map;

/**
 * {@code sort=field[,asc|desc]} with a field from a whitelist; the default is newest first. Only the creation time
 * is offered: it is the one order an index serves (idx_async_task_created), so that a page costs the same on ten
 * million tasks as on ten thousand; ordering by update time, priority or status would sort the whole table.
 */
record SortParameter(TaskSort sort, boolean descending) {

    private static final Map<String, TaskSort> FIELDS = Map.of("createTime", TaskSort.CREATE_TIME);

    static SortParameter parse(String text) {
        if (text == null || text.isBlank()) {
            return new SortParameter(TaskSort.CREATE_TIME, true);
        }
        String[] parts = text.split(",", -1);
        TaskSort sort = FIELDS.get(parts[0].trim());
        if (sort == null || parts.length > 2) {
            throw ApiProblems.badRequest("sort", "problem.sort.unknown", text);
        }
        if (parts.length == 1) {
            return new SortParameter(sort, true);
        }
        return switch (parts[1].trim().toLowerCase(Locale.ROOT)) {
            case "desc" -> new SortParameter(sort, true);
            case "asc" -> new SortParameter(sort, false);
            default -> throw ApiProblems.badRequest("sort", "problem.sort.direction", parts[1]);
        };
    }
}
