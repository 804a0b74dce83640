package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.FleetLocks;

import java.time.Duration;

/** Fleet locks on MyBatis: one statement per call. */
final class MyBatisFleetLocks implements FleetLocks {

    private final SystemAsyncTaskLockMapper mapper;

    MyBatisFleetLocks(SystemAsyncTaskLockMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public boolean tryAcquire(String name, String owner, Duration holdFor) {
        return mapper.tryAcquire(name, owner, DatabaseDurations.micros(holdFor)) == 1;
    }

    @Override
    public void release(String name, String owner) {
        mapper.release(name, owner);
    }
}
