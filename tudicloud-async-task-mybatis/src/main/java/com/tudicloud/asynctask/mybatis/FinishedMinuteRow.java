package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;

import java.time.Instant;

/** One minute and status of finished tasks, with the database's now; minute and status are null when none ended. */
public record FinishedMinuteRow(Instant dbNow, Instant minuteStart, TaskStatus status, Long tasks) {
}
