package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.QueueProbe;

import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntSupplier;

/**
 * The look an idle worker takes instead of a claim transaction. After a claim that found nothing the
 * poller asks the store, in one lock-free autocommitted statement, whether due tasks of its types wait,
 * and opens the claim transaction only when some do. The same look tells whether some lease has expired:
 * the recoverer skips its round while the poller keeps looking and no look since the last round saw one.
 * When a registry refresh is due, the refresh is the look ({@link WorkerRegistration#refreshUnlessDue}).
 */
final class IdleProbe {

    private final LeaseStore store;
    private final WorkerRegistration registration;
    private final IntSupplier activeTasks;
    private final AtomicBoolean expiredLeaseSeen = new AtomicBoolean();
    private final AtomicBoolean lookedSinceRound = new AtomicBoolean();

    IdleProbe(LeaseStore store, WorkerRegistration registration, IntSupplier activeTasks) {
        this.store = store;
        this.registration = registration;
        this.activeTasks = activeTasks;
    }

    /** Looks once: whether a claim of these types (the worker's, less the paused ones) would now find a due task. */
    boolean dueTasks(Set<String> taskTypes) {
        if (registration.refreshUnlessDue(activeTasks.getAsInt(), taskTypes)) {
            return false;
        }
        QueueProbe probe = store.probe(taskTypes);
        if (probe.expiredLeases()) {
            expiredLeaseSeen.set(true);
        }
        lookedSinceRound.set(true);
        return probe.dueTasks();
    }

    /**
     * Whether a recovery round may find an expired lease: unless the poller is looking (it is idle), a look
     * answered since the last round, and none of them saw one. Looks then come every poll interval, so an
     * expired lease is seen within one and recovered at the next round, as without the looks.
     *
     * @param pollerLooking whether the poller is idle, looking every poll interval
     */
    boolean mayHaveExpiredLeases(boolean pollerLooking) {
        boolean looked = lookedSinceRound.getAndSet(false);
        boolean seen = expiredLeaseSeen.getAndSet(false);
        return seen || !looked || !pollerLooking;
    }
}
