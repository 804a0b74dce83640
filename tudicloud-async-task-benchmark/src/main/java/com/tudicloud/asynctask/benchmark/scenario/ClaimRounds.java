package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.PauseCheck;
import com.tudicloud.asynctask.worker.engine.PausedTypes;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Claimer threads that do what a worker's poller does with a backlog, and nothing else: a claim round is the
 * claim of a batch of the types not paused, with the worker's own {@link PausedTypes} as its pause check (none
 * when {@code fleet} is null); the batch is then completed at once, untimed. Every round is timed.
 */
final class ClaimRounds {

    static final int BATCH = 16;
    /** The worker's default poll interval: its pause check reads at most once per this. */
    private static final Duration POLL_INTERVAL = Duration.ofSeconds(1);

    private final LeaseStore store;
    private final FleetSettings fleet;
    private final Set<String> taskTypes;
    private final boolean alternate;
    private final List<Double> millis = new ArrayList<>();
    private final List<Double> aloneMillis = new ArrayList<>();
    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicLong emptyClaims = new AtomicLong();
    private final List<Thread> threads = new ArrayList<>();

    /** @param fleet null: claim without reading pauses, as the claim did before types could be paused */
    ClaimRounds(LeaseStore store, FleetSettings fleet, Set<String> taskTypes) {
        this(store, fleet, taskTypes, false);
    }

    /**
     * @param alternate every other round of each thread without the pause check, timed apart ({@link #aloneMillis}):
     *                  the two kinds of round share the threads and the moment, so a busy machine's drift cancels out
     */
    ClaimRounds(LeaseStore store, FleetSettings fleet, Set<String> taskTypes, boolean alternate) {
        this.store = store;
        this.fleet = fleet;
        this.taskTypes = Set.copyOf(taskTypes);
        this.alternate = alternate;
    }

    ClaimRounds start(int claimers) {
        for (int i = 0; i < claimers; i++) {
            String workerId = "op-claimer-" + i;
            Thread thread = new Thread(() -> claimUntilStopped(workerId), workerId);
            threads.add(thread);
            thread.start();
        }
        return this;
    }

    /** Stops the claimers; the duration of every round they ran (with the pause check, when alternating), in ms. */
    List<Double> stop() throws InterruptedException {
        stop.set(true);
        for (Thread thread : threads) {
            thread.join();
        }
        synchronized (millis) {
            return List.copyOf(millis);
        }
    }

    /** After {@link #stop}: when alternating, the rounds run without the pause check, in ms. */
    List<Double> aloneMillis() {
        synchronized (millis) {
            return List.copyOf(aloneMillis);
        }
    }

    /** Claims that found nothing: the backlog ran dry, and the figures mean less. */
    long emptyClaims() {
        return emptyClaims.get();
    }

    private void claimUntilStopped(String workerId) {
        PausedTypes paused = fleet == null ? null : new PausedTypes(fleet, taskTypes, POLL_INTERVAL, System::nanoTime);
        long round = 0;
        while (!stop.get()) {
            boolean check = paused != null && (!alternate || round++ % 2 == 0);
            long start = System.nanoTime();
            Set<String> claimable = check ? paused.claimable() : taskTypes;
            List<ClaimedTask> claimed = store.claim(new ClaimRequest(workerId, claimable, BATCH, Duration.ofMinutes(1),
                    ConcurrencyLimits.NONE, check ? paused : PauseCheck.NONE));
            double took = (System.nanoTime() - start) / 1e6;
            synchronized (millis) {
                (check || paused == null ? millis : aloneMillis).add(took);
            }
            if (claimed.isEmpty()) {
                emptyClaims.incrementAndGet();
            } else {
                store.complete(workerId, claimed.stream()
                        .map(task -> Completion.succeeded(task.id(), task.leaseToken(), null)).toList());
            }
        }
    }
}
