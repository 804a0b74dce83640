package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.WorkerInfo;
import com.tudicloud.asynctask.api.spi.WorkerRegistry;

import java.time.Duration;
import java.util.List;

/** The worker registry on MyBatis: one statement per call. */
final class MyBatisWorkerRegistry implements WorkerRegistry {

    private final SystemAsyncTaskWorkerMapper mapper;

    MyBatisWorkerRegistry(SystemAsyncTaskWorkerMapper mapper) {
        this.mapper = mapper;
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
