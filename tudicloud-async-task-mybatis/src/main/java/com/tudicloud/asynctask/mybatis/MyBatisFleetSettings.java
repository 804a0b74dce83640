package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.FleetSettings;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The fleet's shared settings on MyBatis: one statement to read, one or two to write. */
final class MyBatisFleetSettings implements FleetSettings {

    private final SystemAsyncTaskTypeMapper mapper;

    MyBatisFleetSettings(SystemAsyncTaskTypeMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public ConcurrencyLimits concurrencyLimits(Set<String> taskTypes) {
        if (taskTypes.isEmpty()) {
            return ConcurrencyLimits.NONE;
        }
        int global = 0;
        Map<String, Integer> perType = new HashMap<>();
        for (TypeLimit limit : mapper.selectLimits(taskTypes)) {
            if (limit.taskType() == null) {
                global = limit.maxRunning();
            } else {
                perType.put(limit.taskType(), limit.maxRunning());
            }
        }
        return new ConcurrencyLimits(global, perType);
    }

    @Override
    public void setConcurrencyLimits(ConcurrencyLimits limits) {
        if (!limits.perType().isEmpty()) {
            List<TypeLimit> rows = limits.perType().entrySet().stream()
                    .map(limit -> new TypeLimit(limit.getKey(), limit.getValue())).toList();
            mapper.upsertTypeLimits(rows);
        }
        if (limits.global() > 0) {
            mapper.updateGlobalLimit(limits.global());
        }
    }
}
