package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.TypeSettings;
import org.apache.ibatis.annotations.Param;

import java.util.Collection;
import java.util.List;

/** The statements on the fleet's shared settings; the SQL is in SystemAsyncTaskTypeMapper.xml. */
interface SystemAsyncTaskTypeMapper {

    List<TypeLimit> selectLimits(@Param("taskTypes") Collection<String> taskTypes);

    int upsertTypeLimits(@Param("limits") List<TypeLimit> limits);

    int updateGlobalLimit(@Param("maxRunning") int maxRunning);

    List<String> selectPausedTypes(@Param("taskTypes") Collection<String> taskTypes);

    int pause(@Param("taskType") String taskType, @Param("pausedBy") String pausedBy);

    int insertPaused(@Param("taskType") String taskType, @Param("pausedBy") String pausedBy);

    int resume(@Param("taskType") String taskType);

    List<TypeSettings.Type> selectTypeSettings();

    Integer selectGlobalLimit();

    /** Fails while the table is missing; reads no row. */
    int probeTable();
}
