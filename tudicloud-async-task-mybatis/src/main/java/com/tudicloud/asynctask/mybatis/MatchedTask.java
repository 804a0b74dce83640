package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;

/** A task that a bulk action matched and locked in one range of ids, with its status before the action. */
public record MatchedTask(long id, TaskStatus status) {
}
