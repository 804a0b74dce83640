package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Picks claim candidates so that fleet-wide limits hold (DESIGN rule 4). Counting running rows is
 * only safe if no other claimer can add running rows between the count and the claim's commit, so
 * claimers under limits first lock one shared row and take turns; a completion or a recovery only
 * lowers the count, so it needs no lock. Claimers without limits never touch the lock row.
 */
final class LimitedClaim {

    private static final Comparator<ClaimCandidate> CLAIM_ORDER =
            Comparator.comparingInt(ClaimCandidate::priority).reversed().thenComparingLong(ClaimCandidate::id);

    private final SystemAsyncTaskMapper mapper;

    LimitedClaim(SystemAsyncTaskMapper mapper) {
        this.mapper = mapper;
    }

    List<ClaimCandidate> candidates(ClaimRequest request) {
        if (mapper.lockClaimRow() == null) {
            throw new IllegalStateException("row 'claim' is missing from system_async_task_lock: "
                    + "run the async-task changelog or sql/mysql/system_async_task.sql");
        }
        ConcurrencyLimits limits = request.limits();
        Map<String, Long> leased = mapper.countLeasedByType().stream()
                .collect(Collectors.toMap(TypeCount::taskType, TypeCount::taskCount));
        long room = request.maxTasks();
        if (limits.global() > 0) {
            long total = leased.values().stream().mapToLong(Long::longValue).sum();
            room = Math.min(room, limits.global() - total);
        }
        if (room <= 0) {
            return List.of();
        }

        List<ClaimCandidate> candidates = new ArrayList<>();
        Set<String> unlimited = request.taskTypes().stream()
                .filter(type -> !limits.perType().containsKey(type))
                .collect(Collectors.toSet());
        if (!unlimited.isEmpty()) {
            candidates.addAll(mapper.selectClaimCandidates(unlimited, (int) room));
        }
        for (String type : request.taskTypes()) {
            Integer typeLimit = limits.perType().get(type);
            if (typeLimit == null) {
                continue;
            }
            long typeRoom = Math.min(room, typeLimit - leased.getOrDefault(type, 0L));
            if (typeRoom > 0) {
                candidates.addAll(mapper.selectClaimCandidates(Set.of(type), (int) typeRoom));
            }
        }
        // rows beyond the room stay locked until commit but untouched
        return candidates.stream().sorted(CLAIM_ORDER).limit(room).toList();
    }
}
