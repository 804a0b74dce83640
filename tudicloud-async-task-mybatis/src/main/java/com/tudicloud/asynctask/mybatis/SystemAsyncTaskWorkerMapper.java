package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.WorkerInfo;
import org.apache.ibatis.annotations.Param;

import java.util.List;
import java.util.Set;

/** The statements on {@code system_async_task_worker}; the SQL is in SystemAsyncTaskWorkerMapper.xml. */
interface SystemAsyncTaskWorkerMapper {

    int register(@Param("workerId") String workerId, @Param("host") String host, @Param("taskTypes") String taskTypes,
                 @Param("slots") int slots);

    int heartbeat(@Param("workerId") String workerId, @Param("runningTasks") int runningTasks);

    int heartbeatUnlessDue(@Param("workerId") String workerId, @Param("runningTasks") int runningTasks,
                           @Param("dueTypes") Set<String> dueTypes);

    int stopped(@Param("workerId") String workerId);

    List<WorkerInfo> seenWithin(@Param("windowMicrosAgo") long windowMicrosAgo);

    int purgeOlderThan(@Param("ageMicrosAgo") long ageMicrosAgo);

    /** Fails while the table is missing; reads no row. */
    int probeTable();
}
