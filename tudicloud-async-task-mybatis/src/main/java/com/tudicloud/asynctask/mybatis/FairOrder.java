package com.tudicloud.asynctask.mybatis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The order in which a claim with a fair type takes its candidates: in rounds, one task of each turn per round
 * (the first of each, then the second of each, ...), each turn's tasks in claim order, so that priorities still
 * win within a turn. Each key of a fair type is a turn of its own, and so are its tasks without a key together;
 * a type that is not fair is one turn. Within a round, the turns among the types' first tasks in claim order go
 * first, by their first task's claim order; then the keys the walk reached, in the walk's (key) order, so that
 * the keys a claim takes are the first the walk reached and the next claim's walk goes on after them.
 */
final class FairOrder {

    /** The walk's order of the heads it reached: by type, then by key (tasks without a key first). */
    private static final Comparator<ClaimCandidate> WALK_ORDER = Comparator.comparing(ClaimCandidate::taskType)
            .thenComparing(ClaimCandidate::taskKey, Comparator.nullsFirst(ClaimBranch.KEY_ORDER));

    /** Turns among the first tasks in claim order go first, by claim order; then the walk's, in its order. */
    private static final Comparator<List<ClaimCandidate>> TURN_ORDER = Comparator
            .comparing(FairOrder::reachedOnlyByTheWalk)
            .thenComparing((one, other) -> reachedOnlyByTheWalk(one)
                    ? WALK_ORDER.compare(one.get(0), other.get(0))
                    : ClaimCandidate.CLAIM_ORDER.compare(one.get(0), other.get(0)));

    private FairOrder() {
    }

    /** The candidates, each once, in the order the claim takes them. */
    static List<ClaimCandidate> of(List<ClaimCandidate> candidates, Set<String> fairTypes) {
        // a row can be both among the first tasks and a head the walk reached: it counts as the former
        Map<List<String>, List<ClaimCandidate>> turns = new LinkedHashMap<>();
        candidates.stream().collect(Collectors.toMap(ClaimCandidate::id, candidate -> candidate,
                        (one, other) -> one.reached() ? other : one))
                .values().stream().sorted(ClaimCandidate.CLAIM_ORDER)
                .forEach(candidate -> turns.computeIfAbsent(turnOf(candidate, fairTypes), turn -> new ArrayList<>())
                        .add(candidate));
        List<List<ClaimCandidate>> ordered = turns.values().stream().sorted(TURN_ORDER).toList();
        int longest = ordered.stream().mapToInt(List::size).max().orElse(0);
        List<ClaimCandidate> inRounds = new ArrayList<>();
        for (int round = 0; round < longest; round++) {
            for (List<ClaimCandidate> turn : ordered) {
                if (round < turn.size()) {
                    inRounds.add(turn.get(round));
                }
            }
        }
        return inRounds;
    }

    private static List<String> turnOf(ClaimCandidate candidate, Set<String> fairTypes) {
        return fairTypes.contains(candidate.taskType())
                ? Arrays.asList(candidate.taskType(), candidate.taskKey()) : List.of(candidate.taskType());
    }

    /** Whether only the walk reached the turn: none of its tasks is among its type's first tasks in claim order. */
    private static boolean reachedOnlyByTheWalk(List<ClaimCandidate> turn) {
        return turn.stream().allMatch(ClaimCandidate::reached);
    }
}
