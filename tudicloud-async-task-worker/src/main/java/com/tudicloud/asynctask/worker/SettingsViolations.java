package com.tudicloud.asynctask.worker;

import com.tudicloud.asynctask.api.spi.StoreLimits;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Collects the settings that are out of range; each message names the property, its allowed range and its value. */
public final class SettingsViolations {

    /**
     * The longest duration any setting may have: the longest the store adds to the database's clock (200 years).
     * Every duration then fits a long of nanoseconds, and no period, deadline or SQL value can overflow.
     */
    static final Duration MAX_DURATION = StoreLimits.SCHEMA.maxDelay();

    /** Schedulers count in milliseconds: a shorter period would be 0, which they refuse. */
    private static final Duration MIN_PERIOD = Duration.ofMillis(1);
    private static final String MAX_TEXT = MAX_DURATION.toDays() + "d";

    private final List<String> messages = new ArrayList<>();

    /** A period or timeout: from 1 ms to {@link #MAX_DURATION}. */
    public void positive(String property, Duration value) {
        if (value == null || value.compareTo(MIN_PERIOD) < 0 || value.compareTo(MAX_DURATION) > 0) {
            add(property + " must be from 1ms to " + MAX_TEXT + ", but is " + value);
        }
    }

    /** A pause or window that may be none: from 0 to {@link #MAX_DURATION}. */
    public void notNegative(String property, Duration value) {
        if (value == null || value.isNegative() || value.compareTo(MAX_DURATION) > 0) {
            add(property + " must be from 0 to " + MAX_TEXT + ", but is " + value);
        }
    }

    public void atLeast(String property, long value, long min) {
        if (value < min) {
            add(property + " must be at least " + min + ", but is " + value);
        }
    }

    public void between(String property, long value, long min, long max) {
        if (value < min || value > max) {
            add(property + " must be from " + min + " to " + max + ", but is " + value);
        }
    }

    public void add(String message) {
        messages.add(message);
    }

    public int count() {
        return messages.size();
    }

    /** @throws InvalidAsyncTaskSettingsException listing every violation, if there is one */
    public void throwIfAny() {
        if (!messages.isEmpty()) {
            throw new InvalidAsyncTaskSettingsException(messages);
        }
    }
}
