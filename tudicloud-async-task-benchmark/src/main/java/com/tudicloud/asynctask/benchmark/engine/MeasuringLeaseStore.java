package com.tudicloud.asynctask.benchmark.engine;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.CompletionReport;
import com.tudicloud.asynctask.api.spi.LeaseRenewal;
import com.tudicloud.asynctask.api.spi.LeaseState;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.QueueProbe;
import com.tudicloud.asynctask.api.spi.RecoveryBatch;
import com.tudicloud.asynctask.api.spi.StoreLimits;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The worker's store, timed: how often the engine claims, renews, completes, recovers and probes, with how
 * many rows, and how long each call takes. It changes nothing about what the store does.
 */
public final class MeasuringLeaseStore implements LeaseStore {

    private final LeaseStore delegate;
    private final OperationStats claims = new OperationStats();
    private final OperationStats renewals = new OperationStats();
    private final OperationStats completions = new OperationStats();
    private final OperationStats recoveries = new OperationStats();
    private final OperationStats probes = new OperationStats();

    public MeasuringLeaseStore(LeaseStore delegate) {
        this.delegate = delegate;
    }

    @Override
    public List<ClaimedTask> claim(ClaimRequest request) {
        long start = System.nanoTime();
        List<ClaimedTask> claimed = delegate.claim(request);
        claims.record(request.maxTasks(), claimed.size(), System.nanoTime() - start);
        return claimed;
    }

    @Override
    public Map<Long, LeaseState> renew(String workerId, List<LeaseRenewal> leases, Duration lease) {
        long start = System.nanoTime();
        Map<Long, LeaseState> states = delegate.renew(workerId, leases, lease);
        renewals.record(leases.size(), (int) states.values().stream().filter(s -> s != LeaseState.LOST).count(),
                System.nanoTime() - start);
        return states;
    }

    @Override
    public CompletionReport complete(String workerId, List<Completion> outcomes) {
        long start = System.nanoTime();
        CompletionReport report = delegate.complete(workerId, outcomes);
        completions.record(outcomes.size(), report.written(), System.nanoTime() - start);
        return report;
    }

    @Override
    public RecoveryBatch recoverExpiredLeases(String recoveredBy, int batchSize) {
        long start = System.nanoTime();
        RecoveryBatch batch = delegate.recoverExpiredLeases(recoveredBy, batchSize);
        recoveries.record(batchSize, batch.examined(), System.nanoTime() - start);
        return batch;
    }

    @Override
    public QueueProbe probe(Set<String> taskTypes) {
        long start = System.nanoTime();
        QueueProbe probe = delegate.probe(taskTypes);
        probes.record(1, probe.dueTasks() ? 1 : 0, System.nanoTime() - start);
        return probe;
    }

    @Override
    public StoreLimits limits() {
        return delegate.limits();
    }

    public OperationStats claims() {
        return claims;
    }

    public OperationStats renewals() {
        return renewals;
    }

    public OperationStats completions() {
        return completions;
    }

    /** Forgets what was measured so far, e.g. during a warm-up. */
    public void reset() {
        List.of(claims, renewals, completions, recoveries, probes).forEach(OperationStats::reset);
    }

    public String summary() {
        return claims.summary("claim") + " " + completions.summary("complete") + " " + renewals.summary("renew")
                + " " + recoveries.summary("recover") + " " + probes.summary("probe");
    }
}
