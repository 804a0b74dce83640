package com.tudicloud.asynctask.console.api.json;

import com.tudicloud.asynctask.api.MisfirePolicy;
import com.tudicloud.asynctask.api.OverlapPolicy;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.Schedule;
import com.tudicloud.asynctask.api.spi.ScheduleDefinition;
import io.swagger.v3.oas.annotations.media.Schema;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.List;

/** A schedule as the API shows it; times are the database's. */
@Schema(name = "Schedule")
public record ScheduleJson(
        @Schema(example = "nightly-report") String name,
        @Schema(description = "cron, macro, or @every and a duration", example = "0 30 2 * * *") String expression,
        @Schema(example = "Asia/Shanghai") String timeZone,
        @Schema(example = "demo.export") String taskType,
        @Schema(description = "the JSON payload, with the fields of async-task.admin.redact-payload-fields masked; a PUT "
                + "that sends [redacted] back where a field was masked keeps the stored value")
        JsonNode payload,
        @Schema(description = "JSON pointers of the payload fields shown masked") List<String> redactedFields,
        int priority, int maxAttempts, String ownerId, MisfirePolicy misfirePolicy, int misfireBound,
        OverlapPolicy overlapPolicy, boolean paused,
        @Schema(description = "when an operator paused it") Instant pausedAt,
        @Schema(description = "when it fires next") Instant nextFireTime,
        @Schema(description = "the fire time of its last task") Instant lastFireTime,
        @Schema(description = "the task its last fire or trigger submitted") Long lastTaskId,
        @Schema(description = "that task's status; null once retention deleted it") TaskStatus lastTaskStatus,
        @Schema(description = "fire times that submitted nothing (missed and skipped, or overlapping)") long skippedCount,
        Instant lastSkippedAt, Instant createTime, Instant updateTime) {

    public static ScheduleJson of(Schedule s, PayloadRedaction redaction) {
        ScheduleDefinition d = s.definition();
        PayloadRedaction.Shown shown = redaction.show(d.payloadJson());
        return new ScheduleJson(d.name(), ScheduleExpression.of(d), d.timeZone(), d.taskType(), shown.payload(),
                shown.redactedFields(), d.priority(), d.maxAttempts(), d.ownerId(), d.misfirePolicy(), d.misfireBound(),
                d.overlapPolicy(), s.paused(), s.pausedAt(), s.nextFireTime(), s.lastFireTime(), s.lastTaskId(),
                s.lastTaskStatus(), s.skippedCount(), s.lastSkippedAt(), s.createTime(), s.updateTime());
    }
}
