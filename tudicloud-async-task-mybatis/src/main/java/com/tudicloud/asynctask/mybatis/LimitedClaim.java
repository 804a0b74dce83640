package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.QueryTimeoutException;

import java.sql.SQLTimeoutException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The budget of a claim under the fleet's caps on leased tasks. Counting leased rows is only safe if no
 * other claimer can add leased rows between the count and the claim's commit, so claimers under limits
 * first lock one shared row and take turns; a completion, a cancel's end or a recovery only lowers the
 * count, so it needs no lock, and the slot it frees counts as free for the next claim. Claimers without
 * limits never touch the lock row.
 *
 * <p>Under a rate limit the claim counts the type's starts within its window too ({@link StartWindows}), and
 * takes no more than the rest of the limit; without a cap on leased tasks it counts no leased tasks.
 *
 * <p>Under a per-key cap the count is per type and key (still one statement). Keys at their cap are left
 * out of the claim's walk of key heads, and each type's walk goes on after the last key the previous claim
 * reached, so that over successive claims every key with room is reached in turn.
 *
 * <p>A fair type walks its keys the same way, with no key ever full: its walk skips the keys already among its
 * first tasks in claim order (one more statement), and the claim takes its candidates across keys in turn
 * ({@link FairOrder}). Fair claimers take turns on the lock row too, so that none locks the heads another reads.
 */
final class LimitedClaim {

    /**
     * Keys one claim's walk reaches at most. The walk costs a few index entries per key it reaches, and the claim
     * locks the head of each: the bound keeps a large claim from locking heads it has no room for.
     */
    static final int MAX_KEY_REACH = 64;

    /**
     * Tasks of one key a claim reaches at most, in the key's claim order: each costs a read per reached key, and
     * a key's turn comes once per claim, so a key's share of a busy fleet's claims is this many tasks each.
     */
    static final int MAX_HEADS_PER_KEY = 4;

    private final SystemAsyncTaskMapper mapper;
    private final SystemAsyncTaskStartMapper starts;
    /** Per keyed type: the last key a claim reached key by key, where the next claim's walk starts after. */
    private final Map<String, String> lastKeyReached = new ConcurrentHashMap<>();

    LimitedClaim(SystemAsyncTaskMapper mapper, SystemAsyncTaskStartMapper starts) {
        this.mapper = mapper;
        this.starts = starts;
    }

    /**
     * Locks the claim row for the rest of the caller's transaction, then counts what is left under the limits.
     *
     * @throws ClaimRowWaitExpired when another claim held the row for longer than a claim needs
     */
    ClaimBudget budget(ClaimRequest request) {
        lockClaimRow(request.workerId());
        ConcurrencyLimits limits = request.limits();
        LeasedCounts leased = limits.capsLeased()
                ? LeasedCounts.of(mapper, request.taskTypes().stream().anyMatch(limits.perKey()::containsKey))
                : LeasedCounts.NONE;
        long room = request.maxTasks();
        if (limits.global() > 0) {
            room = Math.min(room, limits.global() - leased.total());
        }
        if (room <= 0) {
            return ClaimBudget.NOTHING;
        }
        long roomInAll = room;
        StartWindows windows = StartWindows.count(starts, request);
        List<ClaimBranch> branches = request.taskTypes().stream().map(type -> {
            Integer typeLimit = limits.perType().get(type);
            long typeRoom = Math.min(windows.room(type),
                    typeLimit == null ? roomInAll : Math.min(roomInAll, typeLimit - leased.ofType(type)));
            int limit = (int) Math.max(0, typeRoom);
            Integer keyLimit = limits.perKey().get(type);
            boolean fair = limits.fair().contains(type);
            if (keyLimit == null && !fair) {
                return new ClaimBranch(type, limit, limit);
            }
            Map<String, Long> byKey = leased.byKey(type);
            String afterKey = lastKeyReached.getOrDefault(type, ClaimBranch.FIRST_KEY);
            Set<String> skipped = new HashSet<>();
            if (keyLimit != null) {
                byKey.forEach((key, count) -> {
                    if (count >= keyLimit) {
                        skipped.add(key);
                    }
                });
            }
            if (fair && limit > 0) {
                skipped.addAll(mapper.selectKeysFirstInClaimOrder(type, limit));
            }
            // only the skipped keys the walk can reach: each one listed costs every step of the walk an index dive
            List<String> reachable = skipped.stream().filter(key -> ClaimBranch.KEY_ORDER.compare(key, afterKey) > 0)
                    .sorted(ClaimBranch.KEY_ORDER).toList();
            int headsPerKey = keyLimit == null ? MAX_HEADS_PER_KEY : Math.min(keyLimit, MAX_HEADS_PER_KEY);
            return new ClaimBranch(type, limit, limit, keyLimit == null ? 0 : keyLimit, byKey, reachable, afterKey,
                    Math.min(limit, MAX_KEY_REACH), headsPerKey, fair);
        }).toList();
        return ClaimBudget.limited(branches, (int) room, windows);
    }

    /**
     * Locks the claim row, waiting at most {@link StalledClaimHolders#OVERDUE}.
     *
     * @throws ClaimRowWaitExpired when the row stayed locked that long
     */
    private void lockClaimRow(String workerId) {
        int locked;
        try {
            locked = mapper.lockClaimRow(workerId, DatabaseDurations.micros(StalledClaimHolders.OVERDUE));
        } catch (QueryTimeoutException e) {
            throw new ClaimRowWaitExpired(e);
        } catch (DataAccessException e) {
            if (e.getMostSpecificCause() instanceof SQLTimeoutException) {
                throw new ClaimRowWaitExpired(e);
            }
            throw e;
        }
        if (locked == 0 && !mapper.hasClaimRow()) {
            throw new IllegalStateException("row 'claim' is missing from system_async_task_lock: "
                    + "run the async-task changelog or sql/mysql/system_async_task.sql");
        }
    }

    /** A limited claim waited for the claim row as long as a holder may keep it. */
    static final class ClaimRowWaitExpired extends RuntimeException {
        ClaimRowWaitExpired(Throwable cause) {
            super("waited " + StalledClaimHolders.OVERDUE.toSeconds() + " s for the claim row", cause);
        }
    }

    /**
     * Where the next claim's walk of a type's key heads starts: after the keys the walk reached, in key order, up to
     * the first one the claim took nothing of (the room ran out first), which the next claim then reaches again; or
     * from the first key again once a walk ran out of keys before it reached as many as it asked for.
     */
    void reached(ClaimBudget budget, List<ClaimCandidate> found, List<ClaimCandidate> taken) {
        for (ClaimBranch branch : budget.branches()) {
            if (!branch.isKeyed()) {
                continue;
            }
            List<String> reachedKeys = headsOf(branch, found).sorted(ClaimBranch.KEY_ORDER).toList();
            if (reachedKeys.size() < branch.reach()) {
                lastKeyReached.put(branch.taskType(), ClaimBranch.FIRST_KEY);
                continue;
            }
            Set<String> takenKeys = taken.stream().filter(task -> task.taskType().equals(branch.taskType()))
                    .map(ClaimCandidate::taskKey).filter(Objects::nonNull).collect(Collectors.toSet());
            String passed = null;
            for (String key : reachedKeys) {
                if (!takenKeys.contains(key)) {
                    break;
                }
                passed = key;
            }
            if (passed != null) {
                lastKeyReached.put(branch.taskType(), passed);
            }
        }
    }

    private static Stream<String> headsOf(ClaimBranch branch, List<ClaimCandidate> candidates) {
        return candidates.stream()
                .filter(candidate -> candidate.reached() && candidate.taskType().equals(branch.taskType()))
                .map(ClaimCandidate::taskKey).filter(Objects::nonNull).distinct();
    }

    /** The leased tasks counted under the claim row's lock: per type, and per type and key when a type has a key cap. */
    private record LeasedCounts(Map<String, Long> byType, Map<String, Map<String, Long>> byTypeAndKey) {

        static final LeasedCounts NONE = new LeasedCounts(Map.of(), Map.of());

        static LeasedCounts of(SystemAsyncTaskMapper mapper, boolean perKey) {
            Map<String, Long> byType = new HashMap<>();
            Map<String, Map<String, Long>> byTypeAndKey = new HashMap<>();
            if (perKey) {
                for (TypeKeyCount count : mapper.countLeasedByTypeAndKey()) {
                    byType.merge(count.taskType(), count.taskCount(), Long::sum);
                    if (count.taskKey() != null) {
                        byTypeAndKey.computeIfAbsent(count.taskType(), type -> new HashMap<>())
                                .put(count.taskKey(), count.taskCount());
                    }
                }
            } else {
                mapper.countLeasedByType().forEach(count -> byType.put(count.taskType(), count.taskCount()));
            }
            return new LeasedCounts(byType, byTypeAndKey);
        }

        long total() {
            return byType.values().stream().mapToLong(Long::longValue).sum();
        }

        long ofType(String type) {
            return byType.getOrDefault(type, 0L);
        }

        Map<String, Long> byKey(String type) {
            return byTypeAndKey.getOrDefault(type, Map.of());
        }
    }
}
