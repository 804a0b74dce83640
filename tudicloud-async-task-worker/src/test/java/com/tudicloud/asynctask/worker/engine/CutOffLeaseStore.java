package com.tudicloud.asynctask.worker.engine;

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
import org.springframework.dao.DataAccessResourceFailureException;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A worker's store that can be cut off from the database for a while, as a network partition would:
 * either no statement gets through, or they all do and their replies are lost (the worker learns nothing
 * of what it claimed, renewed or wrote).
 */
final class CutOffLeaseStore implements LeaseStore {

    private final LeaseStore store;
    private volatile long cutOffUntilNanos = System.nanoTime();
    private volatile boolean repliesLost;

    CutOffLeaseStore(LeaseStore store) {
        this.store = store;
    }

    /** @param repliesLost true: the statements run, but the worker gets an error instead of their result */
    void cutOffFor(Duration duration, boolean repliesLost) {
        this.repliesLost = repliesLost;
        cutOffUntilNanos = System.nanoTime() + duration.toNanos();
    }

    @Override
    public List<ClaimedTask> claim(ClaimRequest request) {
        return through(() -> store.claim(request));
    }

    @Override
    public Map<Long, LeaseState> renew(String workerId, List<LeaseRenewal> leases, Duration lease) {
        return through(() -> store.renew(workerId, leases, lease));
    }

    @Override
    public CompletionReport complete(String workerId, List<Completion> completions) {
        return through(() -> store.complete(workerId, completions));
    }

    @Override
    public RecoveryBatch recoverExpiredLeases(String recoveredBy, int batchSize) {
        return through(() -> store.recoverExpiredLeases(recoveredBy, batchSize));
    }

    @Override
    public QueueProbe probe(Set<String> taskTypes) {
        return through(() -> store.probe(taskTypes));
    }

    @Override
    public StoreLimits limits() {
        return store.limits();
    }

    private <T> T through(Supplier<T> call) {
        if (System.nanoTime() - cutOffUntilNanos >= 0) {
            return call.get();
        }
        if (repliesLost) {
            call.get();
        }
        throw new DataAccessResourceFailureException("cut off from the database (test)");
    }
}
