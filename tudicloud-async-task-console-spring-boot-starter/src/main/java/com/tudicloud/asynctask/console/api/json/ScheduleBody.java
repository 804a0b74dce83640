package com.tudicloud.asynctask.console.api.json;

import com.tudicloud.asynctask.api.MisfirePolicy;
import com.tudicloud.asynctask.api.OverlapPolicy;
import com.tudicloud.asynctask.api.RecurringTask;
import com.tudicloud.asynctask.api.TaskRequest;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import tools.jackson.databind.JsonNode;

/**
 * What POST /api/schedules and PUT /api/schedules/{name} accept. Unknown fields are refused
 * (StrictJsonConfiguration), so that a typo never passes silently.
 */
@Schema(name = "ScheduleBody", description = "A recurring task: when it fires and the task each fire submits")
public record ScheduleBody(
        @Schema(description = "unique; a letter or digit, then letters, digits, '.', '_', '-' and ':' (on PUT, the "
                + "name in the path)", example = "nightly-report", requiredMode = Schema.RequiredMode.REQUIRED)
        @NotBlank @Size(max = RecurringTask.MAX_NAME_LENGTH) String name,
        @Schema(description = "six-field cron (second minute hour day month weekday), a macro such as @daily, or "
                + "@every and a duration such as 30s or PT1H", example = "0 30 2 * * *",
                requiredMode = Schema.RequiredMode.REQUIRED)
        @NotBlank @Size(max = RecurringTask.MAX_CRON_LENGTH) String expression,
        @Schema(description = "the zone the cron expression is read in", example = "Asia/Shanghai", defaultValue = "UTC")
        @Size(max = 64) String timeZone,
        @Schema(example = "demo.export", requiredMode = Schema.RequiredMode.REQUIRED)
        @NotBlank @Size(max = TaskRequest.MAX_TASK_TYPE_LENGTH) String taskType,
        @Schema(description = "any JSON value the handler reads", example = "{\"rows\": 500}") JsonNode payload,
        @Schema(description = "higher runs first; without it, the task type's default priority as this application "
                + "resolved it (0 unless its policy sets one), written into the schedule", example = "0")
        @Min(-1_000_000) @Max(1_000_000) Integer priority,
        @Schema(description = "executions allowed per task before it ends FAILED; without it, the task type's as this "
                + "application resolved it (3 unless its policy sets it), written into the schedule", example = "3")
        @Min(1) @Max(100) Integer maxAttempts,
        @Schema(example = "alice") @Size(max = TaskRequest.MAX_OWNER_ID_LENGTH)
        @Pattern(regexp = SubmitTaskBody.NOT_BLANK, message = "{jakarta.validation.constraints.NotBlank.message}") String ownerId,
        @Schema(description = "fire times missed by more than the misfire threshold: one task for them all "
                + "(COALESCE), none (SKIP), or one each up to misfireBound (FIRE_EACH)", defaultValue = "COALESCE")
        MisfirePolicy misfirePolicy,
        @Schema(description = "for FIRE_EACH, the most missed fire times that each get a task", example = "1",
                defaultValue = "1")
        @Min(1) @Max(RecurringTask.MAX_MISFIRE_BOUND) Integer misfireBound,
        @Schema(description = "while the previous fire's task has not finished: submit anyway (ALLOW) or skip the "
                + "fire and count it (SKIP)", defaultValue = "ALLOW")
        OverlapPolicy overlapPolicy) {
}
