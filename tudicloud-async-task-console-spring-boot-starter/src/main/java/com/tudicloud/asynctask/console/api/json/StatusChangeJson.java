package com.tudicloud.asynctask.console.api.json;

import com.tudicloud.asynctask.api.TaskStatus;
import io.swagger.v3.oas.annotations.media.Schema;

/** The status a cancel or retry left the task in. */
@Schema(name = "StatusChange")
public record StatusChangeJson(@Schema(example = "1042") long id, @Schema(example = "CANCEL_REQUESTED") TaskStatus status) {
}
