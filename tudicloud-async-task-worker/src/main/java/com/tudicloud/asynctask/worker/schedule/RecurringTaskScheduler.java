package com.tudicloud.asynctask.worker.schedule;

import com.tudicloud.asynctask.api.spi.FiredSchedule;
import com.tudicloud.asynctask.api.spi.NextFire;
import com.tudicloud.asynctask.api.spi.ScheduleStore;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import com.tudicloud.asynctask.worker.ScheduleConfig;
import com.tudicloud.asynctask.worker.maintenance.MaintenanceService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;

/**
 * The scheduler loop every worker may run: any number of them fire each fire time exactly once, because
 * the store claims due schedules with SKIP LOCKED and inserts each fire's task under a unique key. The
 * database's clock decides what is due; this loop only decides how long to wait, on the JVM's monotonic
 * clock, so a wall clock that is minutes off changes nothing. A poll with nothing due costs one statement,
 * which also reads the next fire time: the loop sleeps until then, but no longer than the refresh interval
 * (the longest a schedule created by another JVM waits to be seen), and a schedule changed in this JVM
 * wakes it at once ({@link ScheduleChanges}).
 */
public final class RecurringTaskScheduler extends MaintenanceService {

    private static final Logger log = LoggerFactory.getLogger(RecurringTaskScheduler.class);
    private static final Duration BUSY_WAIT = Duration.ofMillis(20);
    /** How soon a poll that failed (the database out of reach) is tried again, at most. */
    private static final Duration RETRY_AFTER_FAILURE = Duration.ofSeconds(5);

    private final ScheduleStore store;
    private final ScheduleConfig settings;
    private final FirePlanner planner;
    private final AsyncTaskMetrics metrics;
    private volatile Duration nextRoundIn = Duration.ZERO;

    public RecurringTaskScheduler(ScheduleStore store, ScheduleConfig settings, AsyncTaskMetrics metrics,
                                  ScheduleChanges changes) {
        super("async-task-scheduler", Duration.ZERO, settings.refreshInterval());
        this.store = store;
        this.settings = settings;
        this.planner = new FirePlanner(settings.misfireThreshold());
        this.metrics = metrics;
        changes.onChange(this::wakeUp);
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
            List<FiredSchedule> fired = store.fireDue(settings.batchSize(), planner);
            fired.forEach(this::report);
            if (fired.size() < settings.batchSize()) {
                // the rest are claimed by other schedulers or not due any more: ask for the next fire time
                next = store.nextFire();
                if (fired.isEmpty()) {
                    break;
                }
            }
        }
        return next.untilNext();
    }

    @Override
    protected void runRound() {
        try {
            nextRoundIn = waitAfter(pollOnce());
        } catch (RuntimeException e) {
            nextRoundIn = min(RETRY_AFTER_FAILURE, settings.refreshInterval());
            log.warn("Scheduler poll failed, will try again in {}: {}", nextRoundIn, e.toString());
        }
    }

    @Override
    protected Duration nextRoundIn() {
        return nextRoundIn;
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

    /** Until the next fire time, within the refresh interval; a fire time still due is another scheduler's, committing within moments. */
    private Duration waitAfter(Duration untilNext) {
        Duration wait = untilNext == null ? settings.refreshInterval() : min(untilNext, settings.refreshInterval());
        return wait.compareTo(BUSY_WAIT) < 0 ? BUSY_WAIT : wait;
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
