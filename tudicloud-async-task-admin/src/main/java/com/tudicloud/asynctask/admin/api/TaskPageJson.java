package com.tudicloud.asynctask.admin.api;

import io.swagger.v3.oas.annotations.media.Schema;

import java.util.List;

@Schema(name = "TaskPage", description = "One page of tasks and the number of tasks matching the filters")
public record TaskPageJson(List<TaskJson> items, @Schema(example = "1234") long total,
                           @Schema(example = "0") int page, @Schema(example = "20") int size) {
}
