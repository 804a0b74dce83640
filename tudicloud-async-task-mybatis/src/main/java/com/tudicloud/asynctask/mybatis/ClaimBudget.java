package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;

import java.util.Comparator;
import java.util.List;

/**
 * What one claim may take: at most {@code room} tasks in all, and per type at most its branch's limit.
 * Branches go in type order, so that the claim's SQL text is the same from one claim to the next.
 */
record ClaimBudget(List<ClaimBranch> branches, int room) {

    static final ClaimBudget NOTHING = new ClaimBudget(List.of(), 0);

    ClaimBudget {
        branches = branches.stream()
                .filter(branch -> branch.limit() > 0)
                .sorted(Comparator.comparing(ClaimBranch::taskType))
                .toList();
    }

    /** Up to the request's size, of any of its types. */
    static ClaimBudget unlimited(ClaimRequest request) {
        return new ClaimBudget(request.taskTypes().stream()
                .map(type -> new ClaimBranch(type, request.maxTasks())).toList(), request.maxTasks());
    }

    boolean isEmpty() {
        return room <= 0 || branches.isEmpty();
    }
}
