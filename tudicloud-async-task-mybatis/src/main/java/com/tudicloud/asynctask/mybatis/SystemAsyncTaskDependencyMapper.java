package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.LinkedTask;
import org.apache.ibatis.annotations.Param;

import java.util.Collection;
import java.util.List;

/** The statements on {@code system_async_task_dependency} and on the tasks it links; the SQL is in the XML beside it. */
interface SystemAsyncTaskDependencyMapper {

    int insertEdges(@Param("edges") List<DependencyEdge> edges);

    int markHavingDependents(@Param("ids") Collection<Long> ids);

    List<TaskStatusRow> selectStatuses(@Param("ids") Collection<Long> ids);

    List<TaskStatusRow> selectEndedWithDependents(@Param("ids") Collection<Long> ids);

    List<DependencyEdge> lockUnreleasedEdges(@Param("ids") Collection<Long> dependencyIds);

    int markReleased(@Param("ids") Collection<Long> dependencyIds);

    List<WaitingTask> lockWaiting(@Param("ids") Collection<Long> ids);

    int countDown(@Param("counts") List<CountDown> counts);

    int cancelWaiting(@Param("cancels") List<DependencyCancel> cancels);

    List<LinkedTask> selectDependencies(@Param("taskId") long taskId, @Param("limit") int limit);

    List<LinkedTask> selectDependents(@Param("taskId") long taskId, @Param("limit") int limit);

    int deleteEdgesFrom(@Param("ids") Collection<Long> dependencyIds);

    int deleteEdgesTo(@Param("ids") Collection<Long> dependentIds);

    int probeTable();
}
