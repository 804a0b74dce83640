package com.tudicloud.asynctask.mybatis;

/** One task type's part of a claim: at most {@code limit} of its due tasks. */
public record ClaimBranch(String taskType, int limit) {
}
