package com.tudicloud.asynctask.mybatis;

/** A cap on leased tasks: of one type, or of all types when {@code taskType} is null. */
public record TypeLimit(String taskType, int maxRunning) {
}
