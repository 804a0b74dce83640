package com.tudicloud.asynctask.console.api.json;

import com.tudicloud.asynctask.console.api.error.ApiProblems;
import com.tudicloud.asynctask.console.api.error.UnicodeText;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.TaskFilter;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Size;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/** What POST /api/tasks/bulk-retry and /bulk-cancel accept: a filter, as the task list takes it, and a dry run. */
@Schema(name = "BulkAction", description = "Which tasks to act on: at least one filter, or all; they combine with AND")
public record BulkActionBody(
        @Schema(description = "only these statuses, among those the action takes (retry: FAILED, CANCELLED; "
                + "cancel: SCHEDULED, QUEUED, RUNNING); none: all of those", example = "[\"FAILED\"]")
        @Size(max = 7) List<TaskStatus> statuses,
        @Schema(description = "only this task type", example = "demo.export")
        @Size(max = TaskRequest.MAX_TASK_TYPE_LENGTH) String taskType,
        @Schema(description = "only this owner", example = "alice")
        @Size(max = TaskRequest.MAX_OWNER_ID_LENGTH) String ownerId,
        @Schema(description = "created at or after (ISO-8601)", example = "2026-11-29T00:00:00Z") Instant createdFrom,
        @Schema(description = "created before (ISO-8601)", example = "2026-11-30T00:00:00Z") Instant createdTo,
        @Schema(description = "only count what matches now, change nothing", defaultValue = "false") Boolean dryRun,
        @Schema(description = "true to act on every task the action takes (required when no filter is given)",
                example = "true", requiredMode = Schema.RequiredMode.REQUIRED) Boolean all,
        @Schema(description = "the count the dry run showed (required unless dryRun): a match of another size is a 409",
                example = "50000", requiredMode = Schema.RequiredMode.REQUIRED) Long expectedCount) {

    private static final Instant EARLIEST = Instant.parse("1000-01-01T00:00:00Z");
    private static final Instant LATEST = Instant.parse("9999-01-01T00:00:00Z");

    public boolean isDryRun() {
        return Boolean.TRUE.equals(dryRun);
    }

    /** An empty filter matches every task: it must be asked for as all. */
    public boolean namesItsTasks() {
        return (statuses != null && !statuses.isEmpty()) || !isBlank(taskType) || !isBlank(ownerId) || createdFrom != null
                || createdTo != null || Boolean.TRUE.equals(all);
    }

    private static boolean isBlank(String text) {
        return text == null || text.isBlank();
    }

    /** The filter within the statuses the action takes; a field that is wrong gets a 400 naming it. */
    public TaskFilter filter(Set<TaskStatus> allowed) {
        if (statuses != null) {
            for (TaskStatus status : statuses) {
                if (status == null || !allowed.contains(status)) {
                    throw ApiProblems.badRequest("statuses", "problem.statuses.notAllowed", String.valueOf(status),
                            allowed.toString());
                }
            }
        }
        checkText("taskType", taskType);
        checkText("ownerId", ownerId);
        checkInstant("createdFrom", createdFrom);
        checkInstant("createdTo", createdTo);
        if (createdFrom != null && createdTo != null && !createdFrom.isBefore(createdTo)) {
            throw ApiProblems.badRequest("createdTo", "problem.createdTo.notAfter");
        }
        return new TaskFilter(statuses == null ? Set.of() : Set.copyOf(statuses), blankToNull(taskType),
                blankToNull(ownerId), createdFrom, createdTo).within(allowed);
    }

    private static void checkText(String field, String text) {
        if (text != null && UnicodeText.loneSurrogateAt(text) >= 0) {
            throw ApiProblems.badRequest(field, "problem.text.loneSurrogate");
        }
    }

    /** The bulk statements compare it with a DATETIME, which MySQL refuses outside the years 1000 to 9999. */
    private static void checkInstant(String field, Instant instant) {
        if (instant != null && (instant.isBefore(EARLIEST) || !instant.isBefore(LATEST))) {
            throw ApiProblems.badRequest(field, "problem.created.range");
        }
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text;
    }
}
