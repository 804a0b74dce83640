package com.tudicloud.asynctask.console.api.json;

import io.swagger.v3.oas.annotations.media.Schema;

import java.util.List;

@Schema(name = "TaskPage", description = "One page of tasks and the number of tasks matching the filters, counted "
        + "up to async-task.admin.list-limit")
public record TaskPageJson(List<TaskJson> items,
                           @Schema(description = "tasks matching, at most async-task.admin.list-limit", example = "1234")
                           long total,
                           @Schema(description = "true when the count stopped at the limit: at least total tasks match")
                           boolean totalCapped,
                           @Schema(example = "0") int page, @Schema(example = "20") int size) {
}
