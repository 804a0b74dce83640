package com.tudicloud.asynctask.api.spi;

import java.time.Duration;
import java.util.Objects;

/**
 * At most {@code starts} tasks of a type started across the fleet within any {@code period}, by the database's
 * clock: a sliding window, so no stretch of time as long as the period holds more, wherever it begins.
 *
 * @param starts at most this many starts, from 1 to {@link #MAX_STARTS}
 * @param period within any stretch of this length, from {@link #MIN_PERIOD} to {@link #MAX_PERIOD}, in whole
 *               milliseconds (the database records starts to the millisecond)
 */
public record RateLimit(int starts, Duration period) {

    public static final int MAX_STARTS = 1_000_000;
    public static final Duration MIN_PERIOD = Duration.ofSeconds(1);
    public static final Duration MAX_PERIOD = Duration.ofHours(24);

    public RateLimit {
        Objects.requireNonNull(period, "period");
        String problem = startsProblem(starts);
        if (problem == null) {
            problem = periodProblem(period);
        }
        if (problem != null) {
            throw new IllegalArgumentException("rate limit " + starts + " per " + period + ": " + problem);
        }
    }

    /** What is wrong with a number of starts ("must be ..."), or null; for callers that name the setting. */
    public static String startsProblem(int starts) {
        return starts < 1 || starts > MAX_STARTS ? "must be from 1 to " + MAX_STARTS + " starts" : null;
    }

    /** What is wrong with a period ("must be ..."), or null; for callers that name the setting. */
    public static String periodProblem(Duration period) {
        if (period.compareTo(MIN_PERIOD) < 0 || period.compareTo(MAX_PERIOD) > 0) {
            return "must be from 1s to 24h";
        }
        return period.getNano() % 1_000_000 != 0 ? "must be whole milliseconds" : null;
    }
}
