package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.QueueProbe;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * The look an idle worker takes instead of a claim transaction. After a claim that found nothing the
 * poller asks the store, in one lock-free autocommitted statement, whether due tasks of its types wait,
 * and opens the claim transaction only when some do. The same look tells whether some lease has expired:
 * the recoverer skips its round while the looks are recent and none of them saw one. When a registry
 * refresh is due, the refresh is the look ({@link WorkerRegistration#refreshUnlessDue}).
 */
final class IdleProbe {

    private final LeaseStore store;
    private final WorkerRegistration registration;
    private final IntSupplier activeTasks;
    private final Set<String> taskTypes;
    private final long freshNanos;
    private final LongSupplier nanoTime;
    private final AtomicBoolean expiredLeaseSeen = new AtomicBoolean();
    private volatile boolean answered;
    private volatile long answeredAt;

    /** @param fresh how old the last answer may be for the recoverer to trust that no lease has expired */
    IdleProbe(LeaseStore store, WorkerRegistration registration, IntSupplier activeTasks, Set<String> taskTypes,
              Duration fresh, LongSupplier nanoTime) {
        this.store = store;
        this.registration = registration;
        this.activeTasks = activeTasks;
        this.taskTypes = Set.copyOf(taskTypes);
        this.freshNanos = fresh.toNanos();
        this.nanoTime = nanoTime;
    }

    /** Looks once: whether a claim would now find a due task of this worker's types. */
    boolean dueTasks() {
        if (registration.refreshUnlessDue(activeTasks.getAsInt())) {
            return false;
        }
        QueueProbe probe = store.probe(taskTypes);
        if (probe.expiredLeases()) {
            expiredLeaseSeen.set(true);
        }
        answeredAt = nanoTime.getAsLong();
        answered = true;
        return probe.dueTasks();
    }

    /**
     * Whether a recovery round may find an expired lease: a look saw one since the last call, or no look
     * has answered lately (the poller is claiming, or has no types), so nothing is known.
     */
    boolean mayHaveExpiredLeases() {
        boolean seen = expiredLeaseSeen.getAndSet(false);
        return seen || !answered || nanoTime.getAsLong() - answeredAt > freshNanos;
    }
}
