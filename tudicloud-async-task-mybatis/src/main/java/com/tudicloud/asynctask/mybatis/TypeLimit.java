package com.tudicloud.asynctask.mybatis;

/**
 * Caps on leased tasks: of one type and of each of its keys, or of all types when {@code taskType} is null
 * (which has no per-key cap and no rate limit); and the type's rate limit, at most {@code rateLimit} starts within
 * any {@code ratePeriodMs}; and whether claims take its tasks across its keys in turn ({@code fairClaims}). A null
 * setting is none, or, when written, the setting left as it is.
 */
public record TypeLimit(String taskType, Integer maxRunning, Integer maxRunningPerKey, Integer rateLimit,
                        Integer ratePeriodMs, Boolean fairClaims) {
}
