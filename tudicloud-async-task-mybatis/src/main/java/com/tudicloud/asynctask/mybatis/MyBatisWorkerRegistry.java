package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.WorkerInfo;
import com.tudicloud.asynctask.api.spi.WorkerRegistry;

import java.time.Duration;
import java.util.List;
import java.util.Set;

/** The worker registry on MyBatis: one statement per call. */
final class MyBatisWorkerRegistry implements WorkerRegistry {

    private final SystemAsyncTaskWorkerMapper mapper;
    private final ReadCommittedStatements readCommitted;

    MyBatisWorkerRegistry(SystemAsyncTaskWorkerMapper mapper, ReadCommittedStatements readCommitted) {
        this.mapper = mapper;
        this.readCommitted = readCommitted;
    }

    @Override
    public void register(String workerId, String host, String taskTypes, int slots) {
        mapper.register(workerId, host, taskTypes, slots);
    }

    @Override
    public void heartbeat(String workerId, String host, String taskTypes, int slots, int runningTasks) {
        if (mapper.heartbeat(workerId, runningTasks) == 0) {
            mapper.register(workerId, host, taskTypes, slots);
            mapper.heartbeat(workerId, runningTasks);
        }
    }

    @Override
    public boolean heartbeatUnlessDue(String workerId, int runningTasks, Set<String> dueTypes) {
        return !dueTypes.isEmpty() && readCommitted.run(() -> mapper.heartbeatUnlessDue(workerId, runningTasks, dueTypes)) > 0;
    }

    @Override
    public void stopped(String workerId) {
        mapper.stopped(workerId);
    }

    @Override
    public List<WorkerInfo> seenWithin(Duration window) {
        return mapper.seenWithin(DatabaseDurations.microsAgo(window));
    }

    @Override
    public int purgeOlderThan(Duration age) {
        return mapper.purgeOlderThan(DatabaseDurations.microsAgo(age));
    }
}
