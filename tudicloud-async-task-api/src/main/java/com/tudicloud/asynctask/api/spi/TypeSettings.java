package com.tudicloud.asynctask.api.spi;

import java.time.Instant;
import java.util.List;

/**
 * The fleet's settings per task type, as operators see them.
 *
 * @param globalLimit at most this many tasks leased in all, or 0 for no cap
 * @param types       the types with a setting of their own, by name
 */
public record TypeSettings(int globalLimit, List<Type> types) {

    public TypeSettings {
        types = List.copyOf(types);
    }

    /**
     * @param maxRunning       at most this many leased tasks of the type across the fleet, or null for no cap
     * @param pausedAt         since when no worker claims the type (the database's clock), or null when not paused
     * @param pausedBy         who paused it
     * @param maxRunningPerKey at most this many leased tasks of one key of the type, or null for no cap
     * @param rateLimit        at most this many starts of the type per {@code ratePeriodMs}, or null for no limit
     * @param fair             whether its claims take tasks across keys in turn
     */
    public record Type(String taskType, Integer maxRunning, Instant pausedAt, String pausedBy, Integer maxRunningPerKey,
                       Integer rateLimit, Long ratePeriodMs, boolean fair) {

        /** Whether a claim of the type counts anything beyond the caps on leased tasks of a type or of all. */
        public boolean hasKeyOrRateLimit() {
            return maxRunningPerKey != null || rateLimit != null;
        }

        public boolean isPaused() {
            return pausedAt != null;
        }
    }
}
