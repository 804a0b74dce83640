package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;

/** How many tasks of one type are in one status. */
public record StatusTypeCount(TaskStatus status, String taskType, long taskCount) {
}
