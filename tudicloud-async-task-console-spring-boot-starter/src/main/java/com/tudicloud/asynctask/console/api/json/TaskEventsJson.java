package com.tudicloud.asynctask.console.api.json;

import io.swagger.v3.oas.annotations.media.Schema;

import java.util.List;

/** A task's latest events, oldest first. */
@Schema(name = "TaskEvents")
public record TaskEventsJson(
        @Schema(example = "1042") long taskId,
        @Schema(description = "the latest events, at most the limit asked for, oldest first") List<TaskEventJson> events,
        @Schema(description = "which changes are recorded: FULL, FAILURES_ONLY (no claims or successes) or OFF",
                example = "FAILURES_ONLY") String mode) {
}
