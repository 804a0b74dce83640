package com.tudicloud.asynctask.mybatis;

import java.util.List;
import java.util.Map;

/**
 * One task type's part of a claim: at most {@code limit} of its due tasks, chosen among the first
 * {@code candidates} of them in claim order. A type with a per-key cap ({@code keyLimit} above 0) also
 * reaches the head of up to {@code reach} keys after {@code afterKey} that are not at their cap
 * ({@code fullKeys}), one key after the other, so that the backlog of a key at its cap, however long,
 * is neither read nor in the way of the other keys.
 *
 * @param leasedByKey the leased tasks of each key of the type that has any
 */
public record ClaimBranch(String taskType, int limit, int candidates, int keyLimit, Map<String, Long> leasedByKey,
                          List<String> fullKeys, String afterKey, int reach) {

    /** Where a key walk starts: keys are never blank, so every key sorts after it. */
    static final String FIRST_KEY = "";

    public ClaimBranch {
        if (limit < 0 || candidates < limit || keyLimit < 0 || reach < 0) {
            throw new IllegalArgumentException("limit " + limit + ", candidates " + candidates + ", key limit "
                    + keyLimit + " and reach " + reach + " of " + taskType);
        }
        leasedByKey = Map.copyOf(leasedByKey);
        fullKeys = List.copyOf(fullKeys);
    }

    /** A branch without a per-key cap. */
    public ClaimBranch(String taskType, int limit, int candidates) {
        this(taskType, limit, candidates, 0, Map.of(), List.of(), FIRST_KEY, 0);
    }

    public boolean isKeyed() {
        return keyLimit > 0;
    }

    /** How many more tasks of the key the claim may take; a task without a key is not capped so. */
    long keyRoom(String taskKey) {
        return !isKeyed() || taskKey == null ? Long.MAX_VALUE : keyLimit - leasedByKey.getOrDefault(taskKey, 0L);
    }
}
