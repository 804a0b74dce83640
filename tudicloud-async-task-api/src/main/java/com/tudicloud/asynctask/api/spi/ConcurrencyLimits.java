package com.tudicloud.asynctask.api.spi;

import java.util.Map;
import java.util.Set;

/**
 * Caps on the number of leased tasks (RUNNING or CANCEL_REQUESTED) across all workers, and on the rate at which
 * tasks of a type start. The fleet's caps live in the database ({@link FleetSettings}); every claim obeys those its
 * request carries.
 *
 * @param global  at most this many tasks leased in all, or 0 for no cap
 * @param perType at most this many leased tasks of a type; types not named have no cap
 * @param perKey  at most this many leased tasks of one key of a type; types not named have no such cap, and
 *                tasks without a key never have one
 * @param rates   at most so many starts of a type within any period; types not named have no rate limit
 * @param fair    the types claimed across their keys in turn, so that one key's backlog cannot starve the others
 */
public record ConcurrencyLimits(int global, Map<String, Integer> perType, Map<String, Integer> perKey,
                                Map<String, RateLimit> rates, Set<String> fair) {

    public static final ConcurrencyLimits NONE = new ConcurrencyLimits(0, Map.of(), Map.of(), Map.of());

    public ConcurrencyLimits {
        perType = Map.copyOf(perType);
        perKey = Map.copyOf(perKey);
        rates = Map.copyOf(rates);
        fair = Set.copyOf(fair);
        if (global < 0 || perType.values().stream().anyMatch(limit -> limit < 1)
                || perKey.values().stream().anyMatch(limit -> limit < 1)) {
            throw new IllegalArgumentException("limits must be positive (global 0 means none): " + global + ", "
                    + perType + ", per key " + perKey);
        }
    }

    /** Caps and rate limits, no fair type. */
    public ConcurrencyLimits(int global, Map<String, Integer> perType, Map<String, Integer> perKey,
                             Map<String, RateLimit> rates) {
        this(global, perType, perKey, rates, Set.of());
    }

    /** Caps on leased tasks: on all types, per type and per key, no rate limit. */
    public ConcurrencyLimits(int global, Map<String, Integer> perType, Map<String, Integer> perKey) {
        this(global, perType, perKey, Map.of());
    }

    /** Caps on all types and per type, none per key. */
    public ConcurrencyLimits(int global, Map<String, Integer> perType) {
        this(global, perType, Map.of());
    }

    /**
     * Whether a cap bounds all leased tasks or those of a whole type, or a type's starts. A task claimed ahead of
     * a free slot then holds a place that an idle worker elsewhere could fill now, or spends a start of its
     * type's window while it waits; under a per-key cap alone it holds a place of its key only.
     */
    public boolean capsTypes() {
        return global > 0 || !perType.isEmpty() || !rates.isEmpty();
    }

    /** Whether some cap bounds leased tasks: a claim then counts them. */
    public boolean capsLeased() {
        return global > 0 || !perType.isEmpty() || !perKey.isEmpty();
    }

    /** Whether a claim takes its tasks as they come: no cap, no rate limit, no type claimed across keys in turn. */
    public boolean isNone() {
        return !capsLeased() && rates.isEmpty() && fair.isEmpty();
    }
}
