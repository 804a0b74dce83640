package com.tudicloud.asynctask.console.api;

import com.tudicloud.asynctask.console.ConsoleApiProperties;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.TaskStats;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * The overview's statistics, read at most once per {@code async-task.admin.stats-cache} for every caller together:
 * each open console asks every 2 seconds, and ten tabs must not cost ten readings. Callers that arrive while a
 * reading runs wait for it instead of starting their own.
 */
@Component
class StatsCache {

    private final TaskAdminStore adminStore;
    private final long countLimit;
    private final Duration maxAge;
    private final Clock clock;

    private TaskStats stats;
    private Instant readAt = Instant.MIN;

    @Autowired
    StatsCache(TaskAdminStore adminStore, ConsoleApiProperties properties) {
        this(adminStore, properties, Clock.systemUTC());
    }

    StatsCache(TaskAdminStore adminStore, ConsoleApiProperties properties, Clock clock) {
        this.adminStore = adminStore;
        this.countLimit = properties.getListLimit();
        this.maxAge = properties.getStatsCache();
        this.clock = clock;
    }

    synchronized TaskStats stats() {
        Instant now = clock.instant();
        if (stats == null || !now.isBefore(readAt.plus(maxAge))) {
            stats = adminStore.stats(countLimit);
            readAt = now;
        }
        return stats;
    }
}
