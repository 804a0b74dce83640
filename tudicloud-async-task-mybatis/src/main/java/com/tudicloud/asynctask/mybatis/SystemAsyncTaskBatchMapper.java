package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.BatchState;
import com.tudicloud.asynctask.api.TaskStatus;
import org.apache.ibatis.annotations.Param;

import java.util.List;

/** The statements on {@code system_async_task_batch} and on one batch's children; the SQL is in the XML beside it. */
interface SystemAsyncTaskBatchMapper {

    int insertBatch(InsertableBatch batch);

    Long lockUnfinishedChild(@Param("batchId") long batchId);

    int finishBatch(@Param("batchId") long batchId);

    BatchRow selectForCallbacks(@Param("batchId") long batchId);

    int recordCallbacks(@Param("batchId") long batchId, @Param("success") Long success, @Param("failure") Long failure,
                        @Param("complete") Long complete);

    List<BatchRow> selectWithCounts(@Param("batchId") long batchId);

    List<BatchRow> list(@Param("state") BatchState state, @Param("beforeId") Long beforeId, @Param("limit") int limit);

    Long lockRunningChild(@Param("batchId") long batchId, @Param("taskId") long taskId);

    BatchState lockState(@Param("batchId") long batchId);

    int markCancelling(@Param("batchId") long batchId);

    BatchState selectState(@Param("batchId") long batchId);

    List<Long> selectChildrenIn(@Param("batchId") long batchId, @Param("statuses") List<TaskStatus> statuses);

    List<Long> lockAmongIn(@Param("ids") List<Long> ids, @Param("statuses") List<TaskStatus> statuses);

    int cancelWaitingAmong(@Param("ids") List<Long> ids);

    int requestCancelAmong(@Param("ids") List<Long> ids);

    List<Long> selectEndable(@Param("examine") int examine);

    long countUnfinishedUpTo(@Param("cap") int cap);

    int probeTable();
}
