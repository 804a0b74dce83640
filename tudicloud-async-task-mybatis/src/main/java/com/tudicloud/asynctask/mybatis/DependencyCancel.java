package com.tudicloud.asynctask.mybatis;

/** A WAITING task that ends CANCELLED because a task it waits for did not succeed; {@code reason} says which. */
public record DependencyCancel(long taskId, String reason) {
}
