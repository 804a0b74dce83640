package com.tudicloud.asynctask.console.api;

import com.tudicloud.asynctask.console.ConsoleApiProperties;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.TaskStats;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/** One reading of the statistics serves every caller for the cache's time, counted up to the list limit. */
class StatsCacheTest {

    private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-12-01T00:00:00Z"));
    private final Clock clock = new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }
    };

    @Test
    void aReadingServesUntilItIsAsOldAsTheCacheAllows() {
        TaskAdminStore store = mock(TaskAdminStore.class);
        when(store.stats(anyLong())).thenReturn(new TaskStats(Map.of(), Map.of(), null, 0, Set.of()));
        ConsoleApiProperties properties = new ConsoleApiProperties();
        properties.setStatsCache(Duration.ofSeconds(2));
        properties.setListLimit(500);
        StatsCache cache = new StatsCache(store, properties, clock);

        cache.stats();
        now.set(now.get().plusMillis(1999));
        cache.stats();
        verify(store, times(1)).stats(500);

        now.set(now.get().plusMillis(1));
        cache.stats();
        verify(store, times(2)).stats(500);
    }

    @Test
    void withoutACacheEveryCallReads() {
        TaskAdminStore store = mock(TaskAdminStore.class);
        when(store.stats(anyLong())).thenReturn(new TaskStats(Map.of(), Map.of(), null, 0, Set.of()));
        ConsoleApiProperties properties = new ConsoleApiProperties();
        properties.setStatsCache(Duration.ZERO);
        StatsCache cache = new StatsCache(store, properties, clock);

        cache.stats();
        cache.stats();

        verify(store, times(2)).stats(10_000);
        assertThat(cache.stats()).isNotNull();
    }
}
