package com.tudicloud.asynctask.console.api.json;

import com.tudicloud.asynctask.api.BatchCallback;
import com.tudicloud.asynctask.api.BatchState;
import com.tudicloud.asynctask.api.BatchView;
import com.tudicloud.asynctask.api.TaskStatus;
import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Map;

/** A batch as the API shows it; the counts only where they were read (one batch), else null. */
@Schema(name = "Batch")
public record BatchJson(
        @Schema(example = "17") long id,
        @Schema(example = "OPEN") BatchState state,
        @Schema(example = "alice") String ownerId,
        @Schema(description = "children per status", example = "{\"SUCCESS\": 640, \"RUNNING\": 8, \"QUEUED\": 352}")
        Map<TaskStatus, Long> children,
        @Schema(example = "1000") Long total,
        @Schema(description = "ended children in percent, rounded down", example = "64") Integer progressPercent,
        @Schema(description = "the callback task type of each end", example = "{\"SUCCESS\": \"demo.sleep\"}")
        Map<BatchCallback, String> callbackTypes,
        @Schema(description = "the callback task inserted at the end", example = "{\"SUCCESS\": 20417}")
        Map<BatchCallback, Long> callbackTasks,
        Instant createdAt,
        Instant finishedAt) {

    public static BatchJson withCounts(BatchView view) {
        return new BatchJson(view.id(), view.state(), view.ownerId(), view.children(), view.total(),
                view.progressPercent(), view.callbackTypes(), view.callbackTasks(), instant(view.createdAt()),
                instant(view.finishedAt()));
    }

    public static BatchJson row(BatchView view) {
        return new BatchJson(view.id(), view.state(), view.ownerId(), null, null, null, view.callbackTypes(),
                view.callbackTasks(), instant(view.createdAt()), instant(view.finishedAt()));
    }

    /** The database's wall time read in the JVM's zone, as the driver reads a task's times: the same instants. */
    private static Instant instant(LocalDateTime databaseTime) {
        return databaseTime == null ? null : databaseTime.atZone(ZoneId.systemDefault()).toInstant();
    }
}
