package com.tudicloud.asynctask.console.api.json;

import com.tudicloud.asynctask.api.DependencyFailure;
import com.tudicloud.asynctask.api.TaskRequest;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** What POST /api/tasks accepts. Unknown fields are refused (StrictJsonConfiguration), so that a typo never passes silently. */
@Schema(name = "SubmitTask", description = "A task to submit; only taskType is required")
public record SubmitTaskBody(
        @Schema(example = "demo.export", requiredMode = Schema.RequiredMode.REQUIRED)
        @NotBlank @Size(max = TaskRequest.MAX_TASK_TYPE_LENGTH) String taskType,
        @Schema(description = "any JSON value the handler reads", example = "{\"rows\": 500}") JsonNode payload,
        @Schema(description = "higher runs first; without it, the task type's default priority (0 unless its policy sets one)", example = "0")
        @Min(-1_000_000) @Max(1_000_000) Integer priority,
        @Schema(description = "due this many milliseconds from now (at most 100 years); not with runAt", example = "0", defaultValue = "0")
        @PositiveOrZero @Max(MAX_DELAY_MILLIS) Long delayMs,
        @Schema(description = "due at this instant (ISO-8601); not with delayMs", example = "2026-12-01T08:00:00Z") Instant runAt,
        @Schema(description = "executions allowed before the task ends FAILED; without it, the task type's (3 unless its policy sets it)", example = "3")
        @Min(1) @Max(100) Integer maxAttempts,
        @Schema(example = "alice") @Size(max = TaskRequest.MAX_OWNER_ID_LENGTH) @Pattern(regexp = NOT_BLANK, message = "{jakarta.validation.constraints.NotBlank.message}") String ownerId,
        @Schema(description = "a second submit with the same type and key returns the first task", example = "order-7-export")
        @Size(max = TaskRequest.MAX_DEDUP_KEY_LENGTH) @Pattern(regexp = NOT_BLANK, message = "{jakarta.validation.constraints.NotBlank.message}") String dedupKey,
        @Schema(description = "what the task belongs to (a customer, a tenant) for the type's per-key concurrency; "
                + "without it, the type's key field of the payload, if it has one", example = "customer-42")
        @Size(max = TaskRequest.MAX_KEY_LENGTH) @Pattern(regexp = NOT_BLANK, message = "{jakarta.validation.constraints.NotBlank.message}") String key,
        @Schema(description = "the ids of the tasks it waits for: it stays WAITING until each has ended, then runs "
                + "if every one succeeded (else as ifDependencyFails says)", example = "[1040, 1041]")
        @Size(max = TaskRequest.MAX_DEPENDENCIES) List<@NotNull @Positive Long> after,
        @Schema(description = "CANCEL (the default): it ends CANCELLED when a task it waits for ends FAILED or "
                + "CANCELLED; RUN: it runs anyway once they have all ended", example = "CANCEL")
        DependencyFailure ifDependencyFails) {

    public static final long MAX_DELAY_MILLIS = 3_155_760_000_000L;
    public static final Duration MAX_DELAY = Duration.ofMillis(MAX_DELAY_MILLIS);
    /** Something other than white space, line breaks included. */
    static final String NOT_BLANK = "(?s).*\\S.*";

    public TaskRequest toRequest() {
        TaskRequest request = TaskRequest.of(taskType, payload).withOwnerId(ownerId).withDedupKey(dedupKey).withKey(key);
        if (after != null) {
            request = request.after(after.stream().mapToLong(Long::longValue).toArray());
        }
        if (ifDependencyFails != null) {
            request = request.ifDependencyFails(ifDependencyFails);
        }
        if (priority != null) {
            request = request.withPriority(priority);
        }
        if (maxAttempts != null) {
            request = request.withMaxAttempts(maxAttempts);
        }
        if (runAt != null) {
            return request.withRunAt(runAt);
        }
        return delayMs == null ? request : request.withDelay(Duration.ofMillis(delayMs));
    }
}
