package com.tudicloud.asynctask.mybatis;

import org.apache.ibatis.annotations.Param;

import java.util.Collection;
import java.util.List;

/** The statements on the recent starts of rate-limited types; the SQL is in SystemAsyncTaskStartMapper.xml. */
interface SystemAsyncTaskStartMapper {

    List<StartWindow> countWindows(@Param("windows") Collection<WindowBound> windows);

    int insertStarts(@Param("ids") Collection<Long> taskIds);

    int pruneStarts(@Param("windows") Collection<WindowBound> windows, @Param("limit") int limit);

    /** Fails while the table is missing; reads no row. */
    int probeTable();
}
