package com.tudicloud.asynctask.api.spi;

import java.time.Duration;
import java.util.List;
import java.util.Set;

/** Where workers say that they live, so that operators can see the fleet. */
public interface WorkerRegistry {

    /** Records a starting worker (again, if its id was used before). */
    void register(String workerId, String host, String taskTypes, int slots);

    /** The worker is alive and runs this many tasks; registers it again if its row was purged. */
    void heartbeat(String workerId, String host, String taskTypes, int slots, int runningTasks);

    /**
     * Refreshes the row as {@link #heartbeat} does, in one statement that is also a look at the queue, but only
     * if no due task of {@code dueTypes} waits: an idle worker sends this instead of its look when a refresh is
     * due. A registry that cannot do both in one statement answers false and changes nothing.
     *
     * @return whether the row was refreshed: it is there and no due task waits
     */
    default boolean heartbeatUnlessDue(String workerId, int runningTasks, Set<String> dueTypes) {
        return false;
    }

    void stopped(String workerId);

    /** Workers whose last heartbeat is at most {@code window} old, by start time. */
    List<WorkerInfo> seenWithin(Duration window);

    /** Forgets workers not heard of for longer than {@code age}. */
    int purgeOlderThan(Duration age);
}
