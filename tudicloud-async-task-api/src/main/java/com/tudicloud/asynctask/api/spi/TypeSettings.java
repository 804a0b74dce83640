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
     * @param maxRunning at most this many leased tasks of the type across the fleet, or null for no cap
     * @param pausedAt   since when no worker claims the type (the database's clock), or null when not paused
     * @param pausedBy   who paused it
     */
    public record Type(String taskType, Integer maxRunning, Instant pausedAt, String pausedBy) {

        public boolean isPaused() {
            return pausedAt != null;
        }
    }
}
