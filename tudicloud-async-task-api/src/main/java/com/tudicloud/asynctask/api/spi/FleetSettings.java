package com.tudicloud.asynctask.api.spi;

import java.util.Set;

/**
 * Settings the whole fleet shares, kept in the database so that every worker obeys the same values
 * whatever its own configuration says: caps on leased tasks per task type and for all types, rate limits on
 * the starts of a type, and the task types an operator paused.
 */
public interface FleetSettings {

    /**
     * The caps, rate limits and fair types in force: for those of these types that have one, and for all types
     * (0 when none).
     */
    ConcurrencyLimits concurrencyLimits(Set<String> taskTypes);

    /**
     * Sets the caps named: each type's in {@code limits.perType()}, {@code limits.perKey()} and
     * {@code limits.rates()}, the types in {@code limits.fair()} as fair, and the cap for all types unless
     * {@code limits.global()} is 0. Settings not named stay as they are.
     */
    void setConcurrencyLimits(ConcurrencyLimits limits);

    /** Those of these types that are paused: no worker claims them. One short read of the per-type settings. */
    Set<String> pausedTypes(Set<String> taskTypes);

    /**
     * Pauses a type fleet-wide, by the database's clock; a type paused already keeps its first pause.
     *
     * @param pausedBy who paused it, kept with the pause
     * @return whether the type was not paused before
     */
    boolean pause(String taskType, String pausedBy);

    /** @return whether the type was paused before */
    boolean resume(String taskType);

    /** Every type that has settings of its own (a cap or a pause), by name, and the cap for all types. */
    TypeSettings typeSettings();
}
