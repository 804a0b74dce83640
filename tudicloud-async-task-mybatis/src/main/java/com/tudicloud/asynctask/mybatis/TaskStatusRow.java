package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;

/** A task's id and status. */
record TaskStatusRow(Long id, TaskStatus status) {
}
