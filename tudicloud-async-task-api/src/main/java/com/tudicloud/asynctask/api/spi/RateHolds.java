package com.tudicloud.asynctask.api.spi;

import java.time.Duration;

/**
 * Told by a claim when a type's rate limit ({@link RateLimit}) held back its tasks: the claim took all the starts
 * the type's window had left, fewer than the claim asked for. A claimer waits about until the window frees a start
 * rather than claiming again at once for nothing.
 */
@FunctionalInterface
public interface RateHolds {

    /** For a claimer that does not wait on rate limits. */
    RateHolds NONE = (taskType, freesIn) -> { };

    /** @param freesIn about how long until the oldest start in the type's window leaves it, by the database's clock */
    void heldBack(String taskType, Duration freesIn);
}
