package com.tudicloud.asynctask.worker.schedule;

import com.tudicloud.asynctask.api.spi.FiredSchedule;
import com.tudicloud.asynctask.api.spi.NextFire;
import com.tudicloud.asynctask.api.spi.ScheduleStore;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import com.tudicloud.asynctask.worker.AsyncTaskProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The scheduler loop every worker may run: any number of them fire each fire time exactly once, because
 * the store claims due schedules with SKIP LOCKED and inserts each fire's task under a unique key. The
 * database's clock decides what is due; this loop only decides how long to wait. A poll with nothing due
 * costs one statement, which also reads the next fire time: the loop sleeps until then, but no longer than
 * the refresh interval (the longest a schedule created by another JVM waits to be seen), and a schedule
 * changed in this JVM wakes it at once.
 *
 * <p>The JVM's {@link Clock} only paces the waits; a clock that is minutes off changes no fire time.
 */
public final class RecurringTaskScheduler implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(RecurringTaskScheduler.class);
    private static final Duration BUSY_WAIT = Duration.ofMillis(20);
    /** How soon a poll that failed (the database out of reach) is tried again, at most. */
    private static final Duration RETRY_AFTER_FAILURE = Duration.ofSeconds(5);

    private final ScheduleStore store;
    private final AsyncTaskProperties.Schedules settings;
    private final FirePlanner planner;
    private final AsyncTaskMetrics metrics;
    private final Clock clock;
    private final ScheduleChanges changes;
    private final Object lifecycle = new Object();
    private volatile CountDownLatch stopSignal;
    private volatile Thread thread;

    public RecurringTaskScheduler(ScheduleStore store, AsyncTaskProperties.Schedules settings, AsyncTaskMetrics metrics,
                                  Clock clock, ScheduleChanges changes) {
        this.store = store;
        this.settings = settings;
        this.planner = new FirePlanner(settings.getMisfireThreshold());
        this.metrics = metrics;
        this.clock = clock;
        this.changes = changes;
    }

    /**
     * One poll: one statement when nothing is due; otherwise claims and fires due schedules in batches
     * until none is left.
     *
     * @return how long the database says until the next fire time ({@code null}: no schedule runs)
     */
    public Duration pollOnce() {
        NextFire next = store.nextFire();
        while (next.due()) {
            List<FiredSchedule> fired = store.fireDue(settings.getBatchSize(), planner);
            fired.forEach(this::report);
            if (fired.size() < settings.getBatchSize()) {
                // the rest are claimed by other schedulers or not due any more: ask for the next fire time
                next = store.nextFire();
                if (fired.isEmpty()) {
                    break;
                }
            }
        }
        return next.untilNext();
    }

    private void report(FiredSchedule fired) {
        var plan = fired.plan();
        metrics.scheduleFired(fired.name(), fired.taskIds().size(), plan.missed(), plan.misfireSkips(), plan.overlapSkips());
        if (plan.missed() > 0 || plan.skips() > 0) {
            log.info("Schedule {} fired {} task(s) for {} ({} missed fire time(s), {} skipped as missed, {} skipped "
                            + "as overlapping); next fire {}", fired.name(), fired.taskIds().size(), plan.fireTimes(),
                    plan.missed(), plan.misfireSkips(), plan.overlapSkips(), plan.nextFireTime());
        }
    }

    private void run(CountDownLatch stop) {
        while (stop.getCount() > 0) {
            Duration wait;
            try {
                wait = waitAfter(pollOnce());
            } catch (RuntimeException e) {
                wait = min(RETRY_AFTER_FAILURE, settings.getRefreshInterval());
                log.warn("Scheduler poll failed, will try again in {}: {}", wait, e.toString());
            }
            try {
                awaitStopOrChange(stop, wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Until the next fire time, within the refresh interval; a fire time still due is another scheduler's, committing within moments. */
    private Duration waitAfter(Duration untilNext) {
        Duration wait = untilNext == null ? settings.getRefreshInterval() : min(untilNext, settings.getRefreshInterval());
        return wait.compareTo(BUSY_WAIT) < 0 ? BUSY_WAIT : wait;
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /** Waits {@code wait} on the clock, or until stopped, or until a schedule changes in this JVM. */
    private void awaitStopOrChange(CountDownLatch stop, Duration wait) throws InterruptedException {
        Instant deadline = clock.instant().plus(wait);
        for (Duration left = wait; !left.isNegative() && !left.isZero(); left = Duration.between(clock.instant(), deadline)) {
            if (stop.getCount() == 0 || changes.await(Duration.ofMillis(Math.max(1, left.toMillis())))) {
                return;
            }
        }
    }

    @Override
    public void start() {
        synchronized (lifecycle) {
            if (thread != null) {
                return;
            }
            CountDownLatch stop = new CountDownLatch(1);
            Thread loop = new Thread(() -> run(stop), "async-task-scheduler");
            loop.setDaemon(true);
            stopSignal = stop;
            thread = loop;
            loop.start();
        }
    }

    @Override
    public void stop() {
        Thread loop;
        synchronized (lifecycle) {
            loop = thread;
            if (loop == null) {
                return;
            }
            stopSignal.countDown();
            changes.signal();
            thread = null;
        }
        try {
            // a round in flight commits or rolls back within its short transaction
            loop.join(Duration.ofSeconds(10).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return thread != null;
    }
}
