package com.tudicloud.asynctask.api.spi;

import java.util.Set;

/**
 * Settings the whole fleet shares, kept in the database so that every worker obeys the same values
 * whatever its own configuration says: caps on leased tasks per task type and for all types.
 */
public interface FleetSettings {

    /** The caps in force: for those of these types that have one, and for all types (0 when none). */
    ConcurrencyLimits concurrencyLimits(Set<String> taskTypes);

    /**
     * Sets the caps named: each type's in {@code limits.perType()}, and the cap for all types unless
     * {@code limits.global()} is 0. Caps not named stay as they are.
     */
    void setConcurrencyLimits(ConcurrencyLimits limits);
}
