package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.TaskEvent;
import com.tudicloud.asynctask.api.spi.TaskEventType;
import org.apache.ibatis.annotations.Param;

import java.util.Collection;
import java.util.List;

/** The statements on {@code system_async_task_event}; the SQL is in SystemAsyncTaskEventMapper.xml. */
interface SystemAsyncTaskEventMapper {

    int insertClaimed(@Param("ids") List<Long> ids);

    int insertCompleted(@Param("workerId") String workerId, @Param("leases") List<Completion> completions,
                        @Param("g") CompletionGroup group, @Param("failuresOnly") boolean failuresOnly);

    int insertRecovered(@Param("expired") List<ExpiredLease> expired, @Param("recoveredBy") String recoveredBy);

    int insertChanged(@Param("ids") Collection<Long> ids, @Param("type") TaskEventType type,
                      @Param("actor") String actor, @Param("message") String message);

    List<TaskEvent> selectByTask(@Param("taskId") long taskId, @Param("limit") int limit,
                                 @Param("withTaskRow") boolean withTaskRow);

    int probeTable();
}
