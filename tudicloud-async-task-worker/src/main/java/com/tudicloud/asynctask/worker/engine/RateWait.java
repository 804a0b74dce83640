package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.RateHolds;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the poller's last claim learnt of rate limits: whether a type's window held tasks back, and how soon the
 * first such window frees a start. The poller then waits about that long, at most a poll interval (other types'
 * work must not wait on a long window), instead of claiming again at once for nothing. Only the poller's thread
 * uses it.
 */
final class RateWait implements RateHolds {

    private final Set<String> heldTypes = new HashSet<>();
    private Duration freesIn;

    /** Forgets the last claim's holds: called before each claim. */
    RateHolds forNextClaim() {
        heldTypes.clear();
        freesIn = null;
        return this;
    }

    @Override
    public void heldBack(String taskType, Duration freesIn) {
        heldTypes.add(taskType);
        if (this.freesIn == null || freesIn.compareTo(this.freesIn) < 0) {
            this.freesIn = freesIn;
        }
    }

    /**
     * Whether a rate limit held the last claim back and all it took were tasks of held types: tasks of other types
     * still flowing keep the poller's usual pace, held or not.
     */
    boolean heldBackAll(List<ClaimedTask> claimed) {
        return freesIn != null && claimed.stream().allMatch(task -> heldTypes.contains(task.taskType()));
    }

    /** How long to wait after the last claim: until its first window frees a start, from 10 ms to a poll interval. */
    Duration untilAStartFrees(Duration pollInterval) {
        Duration wait = freesIn.compareTo(PollBackoff.MIN_WAIT) < 0 ? PollBackoff.MIN_WAIT : freesIn;
        return wait.compareTo(pollInterval) > 0 ? pollInterval : wait;
    }
}
