package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.CompletionReport;
import com.tudicloud.asynctask.api.spi.FinishedBatch;
import com.tudicloud.asynctask.api.spi.LeaseRenewal;
import com.tudicloud.asynctask.api.spi.LeaseState;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.QueueProbe;
import com.tudicloud.asynctask.api.spi.RecoveryBatch;
import com.tudicloud.asynctask.api.spi.StoreLimits;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The lease engine's statements on MyBatis. Statements per call, transaction control aside:
 * claim 2 (lock a batch, mark it), 1 more when it locked due SCHEDULED tasks it had no room for (they
 * become QUEUED), 2 more under limits (the lock row, the count of leased tasks, per type and key under a
 * per-key cap), under a rate limit the lock row, 1 count of the starts in the windows of all its rate-limited types
 * and, when it took tasks of them, 2 more (their starts' INSERT, the DELETE of starts that left their window;
 * {@link StartWindows}), and the count of leased tasks only under a cap on them too, for a fair type the lock row and
 * 1 more per fair type (its keys among its first tasks, which its walk of key heads skips; {@link LimitedClaim}), what the request's pause
 * check sends once tasks were found (the worker's: one read at most once per poll interval), and 1 more
 * when claims are recorded as task events; renew 2 per 1,000 leases (one UPDATE, then a SELECT of the few
 * cancel-requested rows when every lease was extended, else of the states of all); complete 1 for a group
 * of outcomes, whatever their kinds, 1 more when some write was refused, and 1 more for its task events;
 * recover 1 + one per fate, + 1 for the events (+ what {@link BatchFinisher} sends for the batches of children it
 * ended); probe 1, autocommitted. A group of outcomes with children of a batch runs in a transaction, with 1
 * statement more per batch it touches ({@link BatchFinisher}); a group with children of running tasks runs in a
 * transaction too, with 1 multi-row INSERT more per 1,000 children; a group without either costs what it did. Renewal runs outside any transaction, at READ COMMITTED
 * (one statement more on a pool at another isolation); so does completion, unless its group records task
 * events: then its UPDATE and the events' INSERT share one transaction.
 * RoundTripBudgetTest counts them as the server sees them.
 */
final class MyBatisLeaseStore implements LeaseStore {

    /** Leases per renewal statement: a few placeholders each, well inside MySQL's limit. */
    static final int RENEW_CHUNK = 1000;

    private static final Logger log = LoggerFactory.getLogger(MyBatisLeaseStore.class);

    private final SystemAsyncTaskMapper mapper;
    private final SystemAsyncTaskStartMapper starts;
    private final TransactionTemplate readCommitted;
    private final ReadCommittedStatements readCommittedStatements;
    private final TransientLockRetry retry;
    private final LimitedClaim limitedClaim;
    private final StalledClaimHolders stalledHolders;
    private final Supplier<StoreLimits> limits;
    private final CompletionStatements completions;
    private final TaskEventLog events;
    private final TaskEnds ends;

    /** @param limits the columns' sizes, as the database counts them once it has answered */
    MyBatisLeaseStore(SystemAsyncTaskMapper mapper, SystemAsyncTaskStartMapper starts, TransactionTemplate readCommitted,
                      ReadCommittedStatements readCommittedStatements, TransientLockRetry retry,
                      Supplier<StoreLimits> limits, TaskEventLog events, TaskEnds ends, TaskInserts inserts,
                      StalledClaimHolders stalledHolders) {
        this.mapper = mapper;
        this.starts = starts;
        this.readCommitted = readCommitted;
        this.readCommittedStatements = readCommittedStatements;
        this.retry = retry;
        this.limitedClaim = new LimitedClaim(mapper, starts);
        this.stalledHolders = stalledHolders;
        this.limits = limits;
        this.events = events;
        this.ends = ends;
        this.completions = new CompletionStatements(mapper, readCommitted, readCommittedStatements, retry, limits,
                events, ends, inserts);
    }

    @Override
    public StoreLimits limits() {
        return limits.get();
    }

    @Override
    public List<ClaimedTask> claim(ClaimRequest request) {
        if (request.taskTypes().isEmpty()) {
            return List.of();
        }
        return retry.call("claim", () -> claimOnce(request, true));
    }

    private List<ClaimedTask> claimOnce(ClaimRequest request, boolean mayEndStalledHolder) {
        try {
            return readCommitted.execute(status -> claimInTransaction(request));
        } catch (LimitedClaim.ClaimRowWaitExpired expired) {
            // its holder may have stopped inside its claim; with it ended, the row is free for this claim
            return mayEndStalledHolder && stalledHolders.endStalledHolder(request.workerId())
                    ? claimOnce(request, false) : List.of();
        }
    }

    private List<ClaimedTask> claimInTransaction(ClaimRequest request) {
        ClaimBudget budget = request.limits().isNone() ? ClaimBudget.unlimited(request) : limitedClaim.budget(request);
        List<ClaimCandidate> taken = budget.isEmpty() ? List.of() : takeWithin(budget, request);
        budget.windows().started(starts, request, taken);
        return taken.stream().map(ClaimCandidate::claimed).toList();
    }

    /** Locks the budget's candidates, marks those it has room for as claimed and returns them. */
    private List<ClaimCandidate> takeWithin(ClaimBudget budget, ClaimRequest request) {
        // what there is room for is taken, the rest is only locked until commit
        List<ClaimCandidate> found = budget.isKeyed()
                ? mapper.selectKeyedClaimCandidates(budget.branches(), budget.lockLimit())
                : mapper.selectClaimCandidates(budget.branches(), budget.lockLimit());
        List<ClaimCandidate> locked = withoutPaused(found, request);
        List<ClaimCandidate> taken = take(locked, budget);
        if (budget.isKeyed()) {
            limitedClaim.reached(budget, found, taken);
        }
        Set<Long> takenIds = taken.stream().map(ClaimCandidate::id).collect(Collectors.toSet());
        List<Long> dueLeftScheduled = locked.stream().filter(ClaimCandidate::isScheduled).map(ClaimCandidate::id)
                .filter(id -> !takenIds.contains(id)).distinct().toList();
        if (!dueLeftScheduled.isEmpty()) {
            mapper.queueDueScheduled(dueLeftScheduled);
        }
        if (taken.isEmpty()) {
            return List.of();
        }
        List<Long> ids = taken.stream().map(ClaimCandidate::id).toList();
        int marked = mapper.markClaimed(ids, request.workerId(), DatabaseDurations.micros(request.lease()));
        if (marked != ids.size()) {
            // the rows are locked by this transaction, so this is a bug, not a race: undo it all
            throw new IllegalStateException("claimed " + marked + " of " + ids.size() + " locked tasks");
        }
        events.claimed(ids);
        return taken;
    }

    /**
     * The claimable rows in claim order, or across keys in turn when a type is fair ({@link FairOrder}), each once
     * (a key's head can also be among its type's first tasks), as many as the room allows, none of a type past its
     * branch's limit and none of a key past its cap.
     */
    private static List<ClaimCandidate> take(List<ClaimCandidate> locked, ClaimBudget budget) {
        Map<String, ClaimBranch> branches = new HashMap<>();
        Map<String, Integer> left = new HashMap<>();
        budget.branches().forEach(branch -> {
            branches.put(branch.taskType(), branch);
            left.put(branch.taskType(), branch.limit());
        });
        Map<List<String>, Long> takenOfKey = new HashMap<>();
        Set<Long> seen = new HashSet<>();
        List<ClaimCandidate> taken = new ArrayList<>();
        List<ClaimCandidate> claimable = locked.stream().filter(ClaimCandidate::claimable).toList();
        Set<String> fairTypes = budget.fairTypes();
        for (ClaimCandidate candidate : fairTypes.isEmpty()
                ? claimable.stream().sorted(ClaimCandidate.CLAIM_ORDER).toList()
                : FairOrder.of(claimable, fairTypes)) {
            if (taken.size() == budget.room()) {
                break;
            }
            if (!seen.add(candidate.id()) || left.get(candidate.taskType()) <= 0) {
                continue;
            }
            List<String> typeAndKey = Arrays.asList(candidate.taskType(), candidate.taskKey());
            long keyRoom = branches.get(candidate.taskType()).keyRoom(candidate.taskKey());
            if (takenOfKey.getOrDefault(typeAndKey, 0L) < keyRoom) {
                takenOfKey.merge(typeAndKey, 1L, Long::sum);
                left.merge(candidate.taskType(), -1, Integer::sum);
                taken.add(candidate);
            }
        }
        return taken;
    }

    /** Autocommitted: a plain read outside a transaction sends no transaction control and locks nothing. */
    @Override
    public QueueProbe probe(Set<String> taskTypes) {
        return taskTypes.isEmpty() ? new QueueProbe(false, true) : mapper.probeQueue(taskTypes);
    }

    /**
     * Tasks of paused types are left, locked until commit: the pause check is asked only when tasks were
     * found, so a claim that finds nothing costs nothing more.
     */
    private static List<ClaimCandidate> withoutPaused(List<ClaimCandidate> found, ClaimRequest request) {
        if (found.isEmpty()) {
            return found;
        }
        Set<String> paused = request.pauses().pausedAmong(found.stream().map(ClaimCandidate::taskType)
                .collect(Collectors.toSet()));
        return paused.isEmpty() ? found : found.stream().filter(task -> !paused.contains(task.taskType())).toList();
    }

    @Override
    public Map<Long, LeaseState> renew(String workerId, List<LeaseRenewal> leases, Duration lease) {
        Map<Long, LeaseState> states = new HashMap<>();
        for (int from = 0; from < leases.size(); from += RENEW_CHUNK) {
            List<LeaseRenewal> chunk = leases.subList(from, Math.min(leases.size(), from + RENEW_CHUNK));
            states.putAll(retry.call("renew", () -> renewChunk(workerId, chunk, lease)));
        }
        return states;
    }

    private Map<Long, LeaseState> renewChunk(String workerId, List<LeaseRenewal> leases, Duration lease) {
        boolean withProgress = leases.stream().anyMatch(renewal -> renewal.progress() != null);
        long leaseMicros = DatabaseDurations.micros(lease);
        return readCommittedStatements.run(() -> {
            int renewed = renewLeases(workerId, leases, leaseMicros, withProgress);
            return renewed == leases.size()
                    ? statesWhenAllHeld(workerId, leases)
                    : statesAfterAMiss(workerId, leases);
        });
    }

    /** Progress is news, leases are life: a progress value the database refuses never costs a renewal. */
    private int renewLeases(String workerId, List<LeaseRenewal> leases, long leaseMicros, boolean withProgress) {
        try {
            return mapper.renewLeases(workerId, leases, leaseMicros, withProgress);
        } catch (DataAccessException e) {
            if (!withProgress || !DatabaseFailures.isRefusal(e)) {
                throw e;
            }
            log.warn("The database refused the progress of {} leases; renewing them without it: {}", leases.size(),
                    DatabaseFailures.describe(e));
            return readCommittedStatements.run(() -> mapper.renewLeases(workerId, leases, leaseMicros, false));
        }
    }

    private Map<Long, LeaseState> statesWhenAllHeld(String workerId, List<LeaseRenewal> leases) {
        Set<Long> cancelRequested = new HashSet<>(mapper.selectCancelRequested(workerId));
        Map<Long, LeaseState> states = new HashMap<>();
        leases.forEach(lease -> states.put(lease.taskId(),
                cancelRequested.contains(lease.taskId()) ? LeaseState.CANCEL_REQUESTED : LeaseState.HELD));
        return states;
    }

    private Map<Long, LeaseState> statesAfterAMiss(String workerId, List<LeaseRenewal> leases) {
        Map<Long, LeaseRow> rows = mapper.selectLeaseStates(leases).stream()
                .collect(Collectors.toMap(LeaseRow::id, Function.identity()));
        Map<Long, LeaseState> states = new HashMap<>();
        for (LeaseRenewal lease : leases) {
            LeaseRow row = rows.get(lease.taskId());
            states.put(lease.taskId(), row == null ? LeaseState.LOST : row.stateFor(workerId, lease.leaseToken()));
        }
        return states;
    }

    @Override
    public CompletionReport complete(String workerId, List<Completion> outcomes) {
        if (outcomes.isEmpty()) {
            return new CompletionReport(0, Set.of());
        }
        return completions.write(workerId, outcomes);
    }

    @Override
    public RecoveryBatch recoverExpiredLeases(String recoveredBy, int batchSize) {
        return retry.call("recover", () -> readCommitted.execute(status -> recoverInTransaction(recoveredBy, batchSize)));
    }

    private RecoveryBatch recoverInTransaction(String recoveredBy, int batchSize) {
        List<ExpiredLease> expired = mapper.selectExpiredLeases(batchSize);
        if (expired.isEmpty()) {
            return RecoveryBatch.empty();
        }
        Map<ExpiredLease.Fate, List<Long>> byFate = new EnumMap<>(ExpiredLease.Fate.class);
        expired.forEach(lease -> byFate.computeIfAbsent(lease.fate(), f -> new ArrayList<>()).add(lease.id()));
        int requeued = updateIfAny(byFate.get(ExpiredLease.Fate.REQUEUE), mapper::requeueExpired);
        int failed = updateIfAny(byFate.get(ExpiredLease.Fate.FAIL), mapper::failExpired);
        int cancelled = updateIfAny(byFate.get(ExpiredLease.Fate.CANCEL), mapper::cancelExpired);
        events.recovered(expired, recoveredBy);
        // a task this recovery ended may be its batch's last, and may have dependents
        List<ExpiredLease> ended = expired.stream().filter(lease -> lease.fate() != ExpiredLease.Fate.REQUEUE).toList();
        List<FinishedBatch> finished = ends.ended(
                ended.stream().filter(ExpiredLease::hasDependents).map(ExpiredLease::id).toList(),
                ended.stream().map(ExpiredLease::batchId).toList()).finishedBatches();
        return new RecoveryBatch(expired.size(), requeued, failed, cancelled,
                expired.stream().map(ExpiredLease::expiredForMillis).toList(), finished);
    }

    private static int updateIfAny(List<Long> ids, Function<List<Long>, Integer> statement) {
        return ids == null ? 0 : statement.apply(ids);
    }
}
