package com.tudicloud.asynctask.worker.engine;

import java.time.Duration;

/**
 * How long the poller waits after a claim that did not fill its batch. While tasks keep coming (the
 * claim found some) it looks again soon; each claim that finds nothing doubles the wait, up to the
 * poll interval, so an idle worker polls at the poll interval and a trickle of tasks submitted
 * elsewhere is picked up within milliseconds, not half a poll interval.
 */
final class PollBackoff {

    static final Duration MIN_WAIT = Duration.ofMillis(10);

    private final Duration pollInterval;
    private Duration wait;

    PollBackoff(Duration pollInterval) {
        this.pollInterval = pollInterval;
        this.wait = pollInterval;
    }

    Duration next(boolean foundTasks) {
        Duration next = foundTasks ? MIN_WAIT : wait.multipliedBy(2);
        wait = next.compareTo(pollInterval) > 0 ? pollInterval : next;
        return wait;
    }
}
