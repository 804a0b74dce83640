package com.tudicloud.asynctask.mybatis;

/** How many tasks of one type hold a lease. */
public record TypeCount(String taskType, long taskCount) {
}
