package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.NextFire;
import com.tudicloud.asynctask.api.spi.ScheduleDefinition;
import org.apache.ibatis.annotations.Param;

import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * The statements on {@code system_async_task_schedule}; the SQL is in SystemAsyncTaskScheduleMapper.xml. Times
 * sent are {@link DatetimeText}.
 */
interface SystemAsyncTaskScheduleMapper {

    NextFire selectNextFire();

    List<ScheduleRow> selectDueForUpdate(@Param("limit") int limit);

    List<TaskStatusRow> selectTaskStatuses(@Param("ids") Collection<Long> ids);

    int advance(@Param("a") ScheduleAdvance advance);

    Instant selectNow();

    List<ScheduleRow> selectAll(@Param("name") String name);

    List<ScheduleRow> selectPage(@Param("afterName") String afterName, @Param("limit") int limit);

    ScheduleRow selectForUpdate(@Param("name") String name);

    int insert(@Param("d") ScheduleDefinition definition, @Param("intervalMs") Long intervalMs,
               @Param("paused") boolean paused, @Param("nextFireTime") String nextFireTime);

    int updateDefinition(@Param("d") ScheduleDefinition definition, @Param("intervalMs") Long intervalMs,
                         @Param("nextFireTime") String nextFireTime);

    int pause(@Param("name") String name);

    int resume(@Param("name") String name, @Param("nextFireTime") String nextFireTime);

    int delete(@Param("name") String name);

    int recordTriggered(@Param("name") String name, @Param("taskId") long taskId);

    int probeTable();
}
