package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.StoreLimits;

import java.time.Duration;

/**
 * Durations as the statements take them: {@code TIMESTAMPADD(MICROSECOND, #{micros}, NOW(3))}. Java sends
 * the microseconds, not milliseconds for the SQL to multiply: H2 types {@code ? * 1000} as INTEGER, which
 * overflows past 35.8 minutes. Clamped to the longest delay the store keeps, so that neither the
 * multiplication nor the date arithmetic can overflow; a negative duration counts as none.
 */
final class DatabaseDurations {

    private static final StoreLimits LIMITS = StoreLimits.SCHEMA;

    private DatabaseDurations() {
    }

    static long micros(long millis) {
        return LIMITS.delayMillis(millis) * 1000;
    }

    static long micros(Duration duration) {
        return LIMITS.delayMillis(duration) * 1000;
    }

    /** The duration backwards from now, for "older than" and "seen within". */
    static long microsAgo(Duration duration) {
        return -micros(duration);
    }
}
