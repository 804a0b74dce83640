package com.tudicloud.asynctask.mybatis;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * One task type's part of a claim: at most {@code limit} of its due tasks, chosen among the first
 * {@code candidates} of them in claim order. A type with a per-key cap ({@code keyLimit} above 0) or a fair type
 * also reaches the first {@code headsPerKey} tasks (its heads) of up to {@code reach} keys after {@code afterKey},
 * one key after the other, leaving out
 * {@code skippedKeys}: the keys at their cap, so that the backlog of a key at its cap, however long, is neither
 * read nor in the way of the other keys; and for a fair type the keys already among its first tasks in claim
 * order, whose heads the claim has without the walk and whose backlogs the walk would otherwise read step
 * after step.
 *
 * @param leasedByKey the leased tasks of each key of the type that has any
 * @param fair        whether the claim takes the type's tasks across its keys in turn ({@link FairOrder})
 */
public record ClaimBranch(String taskType, int limit, int candidates, int keyLimit, Map<String, Long> leasedByKey,
                          List<String> skippedKeys, String afterKey, int reach, int headsPerKey, boolean fair) {

    /** Where a key walk starts: keys are never blank, so every key sorts after it. */
    static final String FIRST_KEY = "";

    /**
     * The database's order of keys (utf8mb4_bin compares code points), which String's own order (UTF-16 units)
     * differs from for characters beyond the Basic Multilingual Plane.
     */
    static final Comparator<String> KEY_ORDER = (one, other) ->
            Arrays.compare(one.codePoints().toArray(), other.codePoints().toArray());

    public ClaimBranch {
        if (limit < 0 || candidates < limit || keyLimit < 0 || reach < 0 || headsPerKey < 0) {
            throw new IllegalArgumentException("limit " + limit + ", candidates " + candidates + ", key limit "
                    + keyLimit + ", reach " + reach + " and heads per key " + headsPerKey + " of " + taskType);
        }
        leasedByKey = Map.copyOf(leasedByKey);
        skippedKeys = List.copyOf(skippedKeys);
    }

    /** A branch that walks no keys. */
    public ClaimBranch(String taskType, int limit, int candidates) {
        this(taskType, limit, candidates, 0, Map.of(), List.of(), FIRST_KEY, 0, 0, false);
    }

    /** The offsets of a key's heads in its claim order, 0 to headsPerKey - 1: one read of each per reached key. */
    public List<Integer> getHeadOffsets() {
        return IntStream.range(0, headsPerKey).boxed().toList();
    }

    /** Whether the claim walks the heads of the type's keys: under a per-key cap or for a fair type. */
    public boolean isKeyed() {
        return keyLimit > 0 || fair;
    }

    /** How many more tasks of the key the claim may take; a task without a key or cap is not capped so. */
    long keyRoom(String taskKey) {
        return keyLimit == 0 || taskKey == null ? Long.MAX_VALUE
                : keyLimit - leasedByKey.getOrDefault(taskKey, 0L);
    }
}
