package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;

import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What one claim may take: at most {@code room} tasks in all, and per type at most its branch's limit; and
 * how many rows its statement locks as claimable at most ({@code lockLimit}); and the windows of its
 * rate-limited types, which learn of the starts it makes. Branches go in type order, so that the claim's SQL
 * text is the same from one claim to the next.
 */
record ClaimBudget(List<ClaimBranch> branches, int room, int lockLimit, StartWindows windows) {

    static final ClaimBudget NOTHING = new ClaimBudget(List.of(), 0, 0, StartWindows.NONE);

    ClaimBudget {
        branches = branches.stream()
                .filter(branch -> branch.limit() > 0)
                .sorted(Comparator.comparing(ClaimBranch::taskType))
                .toList();
    }

    /**
     * Up to the request's size, of any of its types. Claimers without limits race: each reads twice as many
     * candidates as it takes and locks only what it takes, so that one that reads while another holds the head
     * of the queue still finds a full batch after it.
     */
    static ClaimBudget unlimited(ClaimRequest request) {
        int size = request.maxTasks();
        return new ClaimBudget(request.taskTypes().stream()
                .map(type -> new ClaimBranch(type, size, 2 * size)).toList(), size, size, StartWindows.NONE);
    }

    /**
     * Claimers under limits take turns (LimitedClaim), so none holds rows another wants: each type's
     * candidates are as many as it may take, and the claim locks them all (with what a keyed type reaches: up to
     * {@code reach} of its first tasks without a key, and the heads of up to {@code reach} next keys), then takes in
     * claim order what the room, each type's limit and each key's cap allow.
     */
    static ClaimBudget limited(List<ClaimBranch> branches, int room, StartWindows windows) {
        return new ClaimBudget(branches, room, branches.stream()
                .mapToInt(branch -> 2 * branch.candidates() + branch.reach() * (1 + branch.headsPerKey())).sum(), windows);
    }

    /** Whether some type has a per-key cap: its statement then reaches the heads of keys too. */
    boolean isKeyed() {
        return branches.stream().anyMatch(ClaimBranch::isKeyed);
    }

    /** The types whose tasks the claim takes across keys in turn. */
    Set<String> fairTypes() {
        return branches.stream().filter(ClaimBranch::fair).map(ClaimBranch::taskType).collect(Collectors.toSet());
    }

    boolean isEmpty() {
        return room <= 0 || branches.isEmpty();
    }
}
