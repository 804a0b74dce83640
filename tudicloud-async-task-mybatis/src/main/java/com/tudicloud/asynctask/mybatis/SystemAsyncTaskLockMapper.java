package com.tudicloud.asynctask.mybatis;

import org.apache.ibatis.annotations.Param;

/** The statements on {@code system_async_task_lock}; the SQL is in SystemAsyncTaskLockMapper.xml. */
interface SystemAsyncTaskLockMapper {

    int tryAcquire(@Param("name") String name, @Param("owner") String owner, @Param("holdMicros") long holdMicros);

    int release(@Param("name") String name, @Param("owner") String owner);

    ClaimRowHolder selectClaimRowHolder();

    boolean isIdleConnection(@Param("connectionId") long connectionId, @Param("idleSeconds") long idleSeconds);

    int endConnection(@Param("connectionId") long connectionId);

    /** Fails while the table is missing; reads no row. */
    int probeTable();
}
