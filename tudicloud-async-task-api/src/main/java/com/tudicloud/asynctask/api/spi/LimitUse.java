package com.tudicloud.asynctask.api.spi;

/**
 * How much of a type's per-key cap and rate limit is in use now.
 *
 * @param keysAtCap      keys whose leased tasks of the type reached its per-key cap (0 without a cap)
 * @param startsInWindow starts of the type within its rate period up to now, by the database's clock (0 without a
 *                       rate limit)
 */
public record LimitUse(String taskType, long keysAtCap, long startsInWindow) {
}
