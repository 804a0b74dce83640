package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The budget of a claim under the fleet's caps on leased tasks. Counting leased rows is only safe if no
 * other claimer can add leased rows between the count and the claim's commit, so claimers under limits
 * first lock one shared row and take turns; a completion or a recovery only lowers the count, so it
 * needs no lock. Claimers without limits never touch the lock row.
 */
final class LimitedClaim {

    private final SystemAsyncTaskMapper mapper;

    LimitedClaim(SystemAsyncTaskMapper mapper) {
        this.mapper = mapper;
    }

    /** Locks the claim row for the rest of the caller's transaction, then counts what is left under the limits. */
    ClaimBudget budget(ClaimRequest request) {
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
            return ClaimBudget.NOTHING;
        }
        long roomInAll = room;
        List<ClaimBranch> branches = request.taskTypes().stream().map(type -> {
            Integer typeLimit = limits.perType().get(type);
            long typeRoom = typeLimit == null ? roomInAll : Math.min(roomInAll, typeLimit - leased.getOrDefault(type, 0L));
            int limit = (int) Math.max(0, typeRoom);
            return new ClaimBranch(type, limit, limit);
        }).toList();
        return ClaimBudget.limited(branches, (int) room);
    }
}
