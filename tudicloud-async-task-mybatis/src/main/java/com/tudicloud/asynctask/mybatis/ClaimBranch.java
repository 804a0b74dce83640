package com.tudicloud.asynctask.mybatis;

/**
 * One task type's part of a claim: at most {@code limit} of its due tasks, chosen among the first
 * {@code candidates} of them in claim order.
 */
public record ClaimBranch(String taskType, int limit, int candidates) {

    public ClaimBranch {
        if (limit < 0 || candidates < limit) {
            throw new IllegalArgumentException("limit " + limit + " and candidates " + candidates + " of " + taskType);
        }
    }
}
