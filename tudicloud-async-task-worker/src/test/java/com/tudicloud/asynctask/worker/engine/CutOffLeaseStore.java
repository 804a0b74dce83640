package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.CompletionReport;
import com.tudicloud.asynctask.api.spi.LeaseRenewal;
import com.tudicloud.asynctask.api.spi.LeaseState;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.RecoveryBatch;
import com.tudicloud.asynctask.api.spi.StoreLimits;
import org.springframework.dao.DataAccessResourceFailureException;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/** A worker's store that can be cut off from the database for a while, as a network partition would. */
final class CutOffLeaseStore implements LeaseStore {

    private final LeaseStore store;
    private volatile long cutOffUntilNanos = System.nanoTime();

    CutOffLeaseStore(LeaseStore store) {
        this.store = store;
    }

    void cutOffFor(Duration duration) {
        cutOffUntilNanos = System.nanoTime() + duration.toNanos();
    }

    @Override
    public List<ClaimedTask> claim(ClaimRequest request) {
        reachable();
        return store.claim(request);
    }

    @Override
    public Map<Long, LeaseState> renew(String workerId, List<LeaseRenewal> leases, long leaseMillis) {
        reachable();
        return store.renew(workerId, leases, leaseMillis);
    }

    @Override
    public CompletionReport complete(String workerId, List<Completion> completions) {
        reachable();
        return store.complete(workerId, completions);
    }

    @Override
    public RecoveryBatch recoverExpiredLeases(int batchSize) {
        reachable();
        return store.recoverExpiredLeases(batchSize);
    }

    @Override
    public StoreLimits limits() {
        return store.limits();
    }

    private void reachable() {
        if (System.nanoTime() - cutOffUntilNanos < 0) {
            throw new DataAccessResourceFailureException("cut off from the database (test)");
        }
    }
}
