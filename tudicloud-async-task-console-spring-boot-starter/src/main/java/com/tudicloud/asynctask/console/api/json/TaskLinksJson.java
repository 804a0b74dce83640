package com.tudicloud.asynctask.console.api.json;

import com.tudicloud.asynctask.api.LinkedTask;
import com.tudicloud.asynctask.api.TaskLinks;
import io.swagger.v3.oas.annotations.media.Schema;

import java.util.List;

/** What GET /api/tasks/{id}/dependencies answers. */
@Schema(name = "TaskLinks", description = "The tasks a task waits for and the tasks that wait for it, lowest id first")
public record TaskLinksJson(
        @Schema(example = "1042") long taskId,
        @Schema(description = "the tasks it waits for") List<Linked> dependsOn,
        @Schema(description = "the tasks that wait for it") List<Linked> dependents) {

    @Schema(name = "LinkedTask")
    public record Linked(@Schema(example = "1041") long id, @Schema(example = "import.validate") String taskType,
                         @Schema(example = "SUCCESS") String status) {

        static Linked of(LinkedTask task) {
            return new Linked(task.id(), task.taskType(), task.status().name());
        }
    }

    public static TaskLinksJson of(long taskId, TaskLinks links) {
        return new TaskLinksJson(taskId, links.dependsOn().stream().map(Linked::of).toList(),
                links.dependents().stream().map(Linked::of).toList());
    }
}
