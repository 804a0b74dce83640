package com.tudicloud.asynctask.benchmark.peer;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerName;

import javax.sql.DataSource;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * One db-scheduler instance as a service would build it for the drain: its no-op task, T threads,
 * the same poll interval as the engine's workers, the given polling strategy, and db-scheduler's
 * defaults for everything else (heartbeat, serializer, clock).
 */
public final class PeerScheduler {

    private PeerScheduler() {
    }

    public static Scheduler create(DataSource dataSource, LongAdder executions, int threads, Duration pollInterval,
                                   PeerPolling polling, String name) {
        return polling.configure(Scheduler.create(dataSource, PeerTasks.noop(executions))
                        .tableName(PeerTasks.TABLE)
                        .threads(threads)
                        .pollingInterval(pollInterval)
                        .schedulerName(new SchedulerName.Fixed(name))
                        .shutdownMaxWait(Duration.ofSeconds(30)))
                .build();
    }
}
