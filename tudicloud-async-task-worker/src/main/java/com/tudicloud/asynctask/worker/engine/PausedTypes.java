package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.FleetSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongSupplier;

/**
 * The types this worker may claim: its own, less those an operator paused fleet-wide. The paused ones are
 * read from the database at most once per poll interval, timed from before the read is sent, so a claim
 * never works from a read older than one poll interval: a pause binds every worker within one poll
 * interval of its commit. A paused type simply leaves the claim's list of types, so the claim statement
 * and its plan are those of a worker without that handler. A read that fails fails the poll round, as a
 * claim would: claiming on without knowing the pauses could take a paused type.
 */
final class PausedTypes {

    private static final Logger log = LoggerFactory.getLogger(PausedTypes.class);

    private final FleetSettings settings;
    private final Set<String> taskTypes;
    private final long refreshNanos;
    private final LongSupplier nanoTime;
    private Set<String> paused = Set.of();
    private Set<String> claimable;
    private long readAt;

    PausedTypes(FleetSettings settings, Set<String> taskTypes, Duration pollInterval, LongSupplier nanoTime) {
        this.settings = settings;
        this.taskTypes = Set.copyOf(taskTypes);
        this.refreshNanos = pollInterval.toNanos();
        this.nanoTime = nanoTime;
    }

    /** This worker's types that are not paused; reads the pauses again when the last read is a poll interval old. */
    Set<String> claimable() {
        long now = nanoTime.getAsLong();
        if (claimable != null && now - readAt < refreshNanos) {
            return claimable;
        }
        Set<String> found = settings.pausedTypes(taskTypes);
        if (claimable == null || !found.equals(paused)) {
            logChange(found);
        }
        paused = Set.copyOf(found);
        Set<String> rest = new HashSet<>(taskTypes);
        rest.removeAll(paused);
        claimable = Set.copyOf(rest);
        readAt = now;
        return claimable;
    }

    private void logChange(Set<String> found) {
        Set<String> pausedNow = new TreeSet<>(found);
        pausedNow.removeAll(paused);
        Set<String> resumed = new TreeSet<>(paused);
        resumed.removeAll(found);
        if (!pausedNow.isEmpty()) {
            log.info("Task types paused fleet-wide, this worker no longer claims them: {}", pausedNow);
        }
        if (!resumed.isEmpty()) {
            log.info("Task types resumed, this worker claims them again: {}", resumed);
        }
    }
}
