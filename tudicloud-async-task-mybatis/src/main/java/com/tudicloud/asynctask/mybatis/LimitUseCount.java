package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.LimitUse;
import com.tudicloud.asynctask.api.spi.TypeSettings;

import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What an operator reads of the per-key caps and rate limits: the keys at their cap, counted from the leased rows
 * alone (the claim's own count), and the starts within each rate window, from the start log the claims keep about as
 * long as the limit. Neither reads a waiting task.
 */
final class LimitUseCount {

    private final SystemAsyncTaskMapper tasks;
    private final SystemAsyncTaskStartMapper starts;

    LimitUseCount(SystemAsyncTaskMapper tasks, SystemAsyncTaskStartMapper starts) {
        this.tasks = tasks;
        this.starts = starts;
    }

    List<LimitUse> of(List<TypeSettings.Type> types) {
        List<TypeSettings.Type> limited = types.stream().filter(TypeSettings.Type::hasKeyOrRateLimit)
                .sorted(Comparator.comparing(TypeSettings.Type::taskType)).toList();
        Map<String, Long> keysAtCap = keysAtCap(limited);
        Map<String, Long> started = startsInWindows(limited);
        return limited.stream().map(type -> new LimitUse(type.taskType(), keysAtCap.getOrDefault(type.taskType(), 0L),
                started.getOrDefault(type.taskType(), 0L))).toList();
    }

    private Map<String, Long> keysAtCap(List<TypeSettings.Type> limited) {
        Map<String, Integer> caps = limited.stream().filter(type -> type.maxRunningPerKey() != null)
                .collect(Collectors.toMap(TypeSettings.Type::taskType, TypeSettings.Type::maxRunningPerKey));
        Map<String, Long> atCap = new HashMap<>();
        if (caps.isEmpty()) {
            return atCap;
        }
        for (TypeKeyCount count : tasks.countLeasedByTypeAndKey()) {
            Integer cap = caps.get(count.taskType());
            if (cap != null && count.taskKey() != null && count.taskCount() >= cap) {
                atCap.merge(count.taskType(), 1L, Long::sum);
            }
        }
        return atCap;
    }

    private Map<String, Long> startsInWindows(List<TypeSettings.Type> limited) {
        List<WindowBound> windows = limited.stream().filter(type -> type.rateLimit() != null && type.ratePeriodMs() != null)
                .map(type -> new WindowBound(type.taskType(),
                        DatabaseDurations.microsAgo(Duration.ofMillis(type.ratePeriodMs()))))
                .toList();
        return windows.isEmpty() ? Map.of() : starts.countWindows(windows).stream()
                .collect(Collectors.toMap(StartWindow::taskType, StartWindow::started));
    }
}
