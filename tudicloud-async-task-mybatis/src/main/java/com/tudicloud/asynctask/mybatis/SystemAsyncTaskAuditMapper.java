package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.AuditEntry;
import com.tudicloud.asynctask.api.spi.AuditQuery;
import org.apache.ibatis.annotations.Param;

import java.util.List;

/** The statements on {@code system_async_task_audit}; the SQL is in SystemAsyncTaskAuditMapper.xml. */
interface SystemAsyncTaskAuditMapper {

    int insert(@Param("e") AuditEntry entry);

    List<AuditEntry> search(@Param("q") AuditQuery query);

    String selectSubmitter(@Param("taskId") long taskId);

    int deleteOlderThan(@Param("ageMicrosAgo") long ageMicrosAgo, @Param("limit") int limit);
}
