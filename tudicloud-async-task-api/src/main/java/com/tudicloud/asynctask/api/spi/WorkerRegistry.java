package com.tudicloud.asynctask.api.spi;

import java.time.Duration;
import java.util.List;

/** Where workers say that they live, so that operators can see the fleet. */
public interface WorkerRegistry {

    /** Records a starting worker (again, if its id was used before). */
    void register(String workerId, String host, String taskTypes, int slots);

    /** The worker is alive and runs this many tasks; registers it again if its row was purged. */
    void heartbeat(String workerId, String host, String taskTypes, int slots, int runningTasks);

    void stopped(String workerId);

    /** Workers whose last heartbeat is at most {@code window} old, by start time. */
    List<WorkerInfo> seenWithin(Duration window);

    /** Forgets workers not heard of for longer than {@code age}. */
    int purgeOlderThan(Duration age);
}
