package com.tudicloud.asynctask.mybatis;

/** How many tasks of one type and key hold a lease; {@code taskKey} is null for the tasks without a key. */
public record TypeKeyCount(String taskType, String taskKey, long taskCount) {
}
