package com.tudicloud.asynctask.console.api.json;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TaskView;
import io.swagger.v3.oas.annotations.media.Schema;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.List;

/** One task as the API shows it; the payload only in the single-task view. */
@Schema(name = "Task", description = "A task and its lease, attempts and progress")
public record TaskJson(
        @Schema(example = "1042") long id,
        @Schema(example = "demo.export") String taskType,
        TaskStatus status,
        @Schema(example = "0") int priority,
        @Schema(description = "the JSON payload, with the fields of async-task.admin.redact-payload-fields masked "
                + "(a payload that is not JSON is masked whole); only in GET /api/tasks/{id}", example = "{\"rows\": 500}")
        JsonNode payload,
        @Schema(description = "JSON pointers of the payload fields shown masked; only in GET /api/tasks/{id}",
                example = "[\"/card/number\"]") List<String> redactedFields,
        @Schema(example = "alice") String ownerId,
        String dedupKey,
        @Schema(description = "what the task belongs to (a customer, a tenant) for its type's per-key concurrency",
                example = "customer-42") String key,
        @Schema(description = "the task whose handler submitted this one as its child, if any", example = "1041")
        Long parentTaskId,
        @Schema(description = "when the task is (or was) due") Instant availableAt,
        @Schema(example = "1") int attemptCount,
        @Schema(example = "3") int maxAttempts,
        @Schema(description = "the worker holding (or that last held) the lease", example = "host-a:4711:1f2e3d4c") String leaseOwner,
        @Schema(description = "when the lease expires unless renewed") Instant leaseUntil,
        @Schema(description = "fencing token: grows with every claim") long leaseToken,
        @Schema(description = "0 to 100, as the handler last reported it", example = "40") Integer progress,
        @Schema(example = "row 200 of 500") String progressMessage,
        @Schema(example = "export-1042.csv") String artifactId,
        @Schema(description = "the last error: for operators in full (a stack trace), for viewers its first line only")
        String lastError,
        Instant createTime,
        Instant updateTime,
        Instant startedAt,
        Instant finishedAt,
        @Schema(description = "who submitted it through the admin API, as the audit trail records; null for a task a "
                + "service submitted; only in GET /api/tasks/{id}", example = "alice") String submittedBy,
        @Schema(description = "the batch it is a child of, or null", example = "17") Long batchId) {

    /** @param fullErrors the whole last error (operators), else its first line (ErrorText) */
    public static TaskJson summary(TaskView view, boolean fullErrors) {
        return of(view, null, null, fullErrors, null);
    }

    public static TaskJson detail(TaskView view, PayloadRedaction redaction, boolean fullErrors, String submittedBy) {
        PayloadRedaction.Shown shown = redaction.show(view.payloadJson());
        return of(view, shown.payload(), shown.redactedFields(), fullErrors, submittedBy);
    }

    private static TaskJson of(TaskView v, JsonNode payload, List<String> redactedFields, boolean fullErrors,
                               String submittedBy) {
        return new TaskJson(v.id(), v.taskType(), v.status(), v.priority(), payload, redactedFields, v.ownerId(), v.dedupKey(),
                v.taskKey(), v.parentTaskId(), v.availableAt(), v.attemptCount(), v.maxAttempts(), v.leaseOwner(), v.leaseUntil(), v.leaseToken(),
                v.progress(), v.progressMessage(), v.artifactId(), ErrorText.shown(v.lastError(), fullErrors),
                v.createTime(), v.updateTime(), v.startedAt(), v.finishedAt(), submittedBy, v.batchId());
    }
}
