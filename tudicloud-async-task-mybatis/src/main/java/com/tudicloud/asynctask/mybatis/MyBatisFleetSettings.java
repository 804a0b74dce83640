package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.api.spi.RateLimit;
import com.tudicloud.asynctask.api.spi.StoreLimits;
import com.tudicloud.asynctask.api.spi.TypeSettings;
import org.springframework.dao.DuplicateKeyException;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** The fleet's shared settings on MyBatis: one statement to read, one or two to write. */
final class MyBatisFleetSettings implements FleetSettings {

    private static final int PAUSED_BY_LENGTH = 255;

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
        Map<String, Integer> perKey = new HashMap<>();
        Map<String, RateLimit> rates = new HashMap<>();
        Set<String> fair = new HashSet<>();
        for (TypeLimit limit : mapper.selectLimits(taskTypes)) {
            if (limit.taskType() == null) {
                global = limit.maxRunning();
                continue;
            }
            if (limit.maxRunning() != null) {
                perType.put(limit.taskType(), limit.maxRunning());
            }
            if (limit.maxRunningPerKey() != null) {
                perKey.put(limit.taskType(), limit.maxRunningPerKey());
            }
            if (limit.rateLimit() != null && limit.ratePeriodMs() != null) {
                rates.put(limit.taskType(), new RateLimit(limit.rateLimit(), Duration.ofMillis(limit.ratePeriodMs())));
            }
            if (Boolean.TRUE.equals(limit.fairClaims())) {
                fair.add(limit.taskType());
            }
        }
        return new ConcurrencyLimits(global, perType, perKey, rates, fair);
    }

    @Override
    public void setConcurrencyLimits(ConcurrencyLimits limits) {
        Set<String> types = new TreeSet<>(limits.perType().keySet());
        types.addAll(limits.perKey().keySet());
        types.addAll(limits.rates().keySet());
        types.addAll(limits.fair());
        if (!types.isEmpty()) {
            mapper.upsertTypeLimits(types.stream().map(type -> {
                RateLimit rate = limits.rates().get(type);
                return new TypeLimit(type, limits.perType().get(type), limits.perKey().get(type),
                        rate == null ? null : rate.starts(), rate == null ? null : (int) rate.period().toMillis(),
                        limits.fair().contains(type) ? Boolean.TRUE : null);
            }).toList());
        }
        if (limits.global() > 0) {
            mapper.updateGlobalLimit(limits.global());
        }
    }

    @Override
    public Set<String> pausedTypes(Set<String> taskTypes) {
        return taskTypes.isEmpty() ? Set.of() : Set.copyOf(mapper.selectPausedTypes(taskTypes));
    }

    @Override
    public boolean pause(String taskType, String pausedBy) {
        String by = fitted(pausedBy);
        if (mapper.pause(taskType, by) == 1) {
            return true;
        }
        try {
            return mapper.insertPaused(taskType, by) == 1;
        } catch (DuplicateKeyException pausedAlready) {
            return false;
        }
    }

    /** A user name as paused_by (VARCHAR(255)) holds it: cut to 255 characters, never inside a surrogate pair. */
    private static String fitted(String pausedBy) {
        return StoreLimits.SCHEMA.measuredIn(StoreLimits.TextMeasure.UTF16_UNITS).fit(pausedBy, PAUSED_BY_LENGTH);
    }

    @Override
    public boolean resume(String taskType) {
        return mapper.resume(taskType) > 0;
    }

    @Override
    public TypeSettings typeSettings() {
        Integer global = mapper.selectGlobalLimit();
        return new TypeSettings(global == null ? 0 : global, mapper.selectTypeSettings());
    }
}
