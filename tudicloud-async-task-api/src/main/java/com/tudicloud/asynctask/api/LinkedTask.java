package com.tudicloud.asynctask.api;

/** A task on the other end of a dependency, as a listing shows it. */
public record LinkedTask(long id, String taskType, TaskStatus status) {
}
