package com.tudicloud.asynctask.benchmark.peer;

import java.time.Duration;

/**
 * What every peer engine of a drain is given: a name of its own in the cluster, T threads, and the poll
 * interval of the engine's workers, which each peer takes as far as it allows.
 */
public record PeerSettings(String name, int threads, Duration pollInterval) {

    public PeerSettings withName(String otherName) {
        return new PeerSettings(otherName, threads, pollInterval);
    }
}
