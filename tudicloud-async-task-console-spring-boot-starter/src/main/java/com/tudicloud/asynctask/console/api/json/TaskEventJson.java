package com.tudicloud.asynctask.console.api.json;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.TaskEvent;
import com.tudicloud.asynctask.api.spi.TaskEventType;
import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;

/** One state change of a task, as the API shows it. */
@Schema(name = "TaskEvent", description = "One state change of a task; the database's clock")
public record TaskEventJson(
        @Schema(description = "the recorded event's id; 0 when the task row tells the event", example = "88017") long id,
        TaskEventType type,
        @Schema(description = "the task's attempt count after the change (a released attempt is not counted)",
                example = "2") int attempt,
        @Schema(description = "the claim the change concerns: the events of one attempt share it", example = "2")
        long leaseToken,
        @Schema(description = "the worker that held the lease of that attempt", example = "host-a:4711:1f2e3d4c")
        String workerId,
        @Schema(description = "who made the change when not the holder: the worker that recovered an expired "
                + "lease, the operator who cancelled or retried", example = "alice") String actor,
        @Schema(description = "the task's status after the change", example = "SCHEDULED") TaskStatus status,
        @Schema(description = "for RETRY_SCHEDULED: milliseconds until the task is due again", example = "2000")
        Long delayMs,
        @Schema(description = "the error or reason kept with the change: for operators in full, for viewers its first "
                + "line only", example = "supplier timed out") String message,
        @Schema(description = "when the attempt started") Instant startedAt,
        @Schema(description = "when the change happened") Instant createdAt,
        @Schema(description = "true for the claim or the success of the task's current attempt told by the task row, "
                + "which keeps that attempt's worker, token and instants, when no event records it")
        boolean fromTaskRow) {

    /** @param fullErrors the whole message (operators), else its first line (ErrorText) */
    public static TaskEventJson of(TaskEvent e, boolean fullErrors) {
        return new TaskEventJson(e.id(), e.type(), e.attempt(), e.leaseToken(), e.workerId(), e.actor(), e.status(),
                e.delayMillis(), ErrorText.shown(e.message(), fullErrors), e.startedAt(), e.createdAt(), e.fromTaskRow());
    }
}
