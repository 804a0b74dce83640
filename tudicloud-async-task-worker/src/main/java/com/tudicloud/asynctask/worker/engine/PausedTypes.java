package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.api.spi.PauseCheck;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongSupplier;

/**
 * The task types of this worker that an operator paused fleet-wide, as the database holds them. A claim
 * never takes tasks on a read older than one poll interval (timed from before the read is sent): the claim
 * asks inside its transaction once it has found tasks ({@link PauseCheck}), and this reads again when its
 * last read is that old. So a pause binds every worker within one poll interval of its commit, while a
 * poll that finds nothing, an idle worker's, reads nothing. While some type is paused the pauses are also
 * read before each claim, at most once per poll interval, so that a resume is seen even by a worker whose
 * other types have no work; the paused types leave the claim's list of types, and the claim statement and its
 * plan are those of a worker without their handlers. A read that fails fails the claim, as its own
 * statements would: claiming on without knowing the pauses could take a paused type.
 */
public final class PausedTypes implements PauseCheck {

    private static final Logger log = LoggerFactory.getLogger(PausedTypes.class);

    private final FleetSettings settings;
    private final Set<String> taskTypes;
    private final long refreshNanos;
    private final LongSupplier nanoTime;
    private volatile Set<String> paused = Set.of();
    private volatile boolean read;
    private volatile long readAt;

    public PausedTypes(FleetSettings settings, Set<String> taskTypes, Duration pollInterval, LongSupplier nanoTime) {
        this.settings = settings;
        this.taskTypes = Set.copyOf(taskTypes);
        this.refreshNanos = pollInterval.toNanos();
        this.nanoTime = nanoTime;
    }

    /** This worker's types less those paused at the last read; reads again first while some type is paused. */
    public Set<String> claimable() {
        if (!paused.isEmpty()) {
            refreshIfOld();
        }
        Set<String> rest = new HashSet<>(taskTypes);
        rest.removeAll(paused);
        return rest;
    }

    @Override
    public Set<String> pausedAmong(Set<String> types) {
        refreshIfOld();
        Set<String> among = new HashSet<>(paused);
        among.retainAll(types);
        return among;
    }

    private void refreshIfOld() {
        long now = nanoTime.getAsLong();
        if (read && now - readAt < refreshNanos) {
            return;
        }
        Set<String> found = Set.copyOf(settings.pausedTypes(taskTypes));
        if (!found.equals(paused)) {
            logChange(found);
        }
        paused = found;
        readAt = now;
        read = true;
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
