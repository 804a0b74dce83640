package com.tudicloud.asynctask.mybatis;

/** {@code ended} more of the dependencies of task {@code taskId} have ended. */
public record CountDown(long taskId, int ended) {
}
