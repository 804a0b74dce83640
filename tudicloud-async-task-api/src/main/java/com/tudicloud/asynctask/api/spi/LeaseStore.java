package com.tudicloud.asynctask.api.spi;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Claiming, renewing, completing and recovering leases: what the worker needs. */
public interface LeaseStore {

    /** Claims up to {@code request.maxTasks()} due tasks in one short transaction, within the limits. */
    List<ClaimedTask> claim(ClaimRequest request);

    /**
     * Renews the leases of one worker in one round: extends each lease still held (matching owner
     * and token, not expired), stores the progress given, and tells per task what it found.
     */
    Map<Long, LeaseState> renew(String workerId, List<LeaseRenewal> leases, Duration lease);

    /** Writes outcomes together; each row only if the lease (owner and token) is still held and valid. */
    CompletionReport complete(String workerId, List<Completion> completions);

    /**
     * Looks, in one statement that takes no lock and opens no transaction, whether due tasks of these types
     * wait and whether a lease has expired: an idle worker asks this instead of opening a claim transaction
     * that would find nothing. A store that cannot look answers {@link QueueProbe#UNKNOWN}.
     */
    default QueueProbe probe(Set<String> taskTypes) {
        return QueueProbe.UNKNOWN;
    }

    /**
     * Recovers one bounded batch of tasks whose lease has expired.
     *
     * @param recoveredBy the recovering worker, which the task events name; null when none is to be named
     */
    RecoveryBatch recoverExpiredLeases(String recoveredBy, int batchSize);

    /** The largest values this store keeps; the engine fits what handlers return and report to them. */
    default StoreLimits limits() {
        return StoreLimits.SCHEMA;
    }
}
