package com.tudicloud.asynctask.admin.security;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.tudicloud.asynctask.admin.AdminProperties;
import com.tudicloud.asynctask.admin.LoginThrottleProperties;
import io.github.bucket4j.Bucket;

import java.time.Duration;
import java.util.Locale;

/**
 * How many failed logins a user name and a client address have left: a token bucket each (Bucket4j), with an
 * allowance per minute and a larger one per hour, so that the wait after a burst of failures grows from a
 * minute to the rest of the hour. A failed login takes one token from both; a caller whose bucket is empty
 * waits until it refills, and its requests meanwhile get no password check at all. Buckets live in bounded
 * caches: a flood of invented user names or addresses cannot exhaust the memory, and a bucket untouched for
 * an hour is full again anyway.
 */
final class LoginThrottle {

    private static final int MAX_KEYS = 100_000;
    private static final Duration HOUR = Duration.ofHours(1);

    /** Failed logins allowed per minute and per hour. */
    private record Allowance(int perMinute, int perHour) {

        Bucket newBucket() {
            return Bucket.builder()
                    .addLimit(limit -> limit.capacity(perMinute).refillIntervally(perMinute, Duration.ofMinutes(1)))
                    .addLimit(limit -> limit.capacity(perHour).refillIntervally(perHour, HOUR))
                    .build();
        }
    }

    private final Allowance perUser;
    private final Allowance perAddress;
    private final Cache<String, Bucket> users = Caffeine.newBuilder().maximumSize(MAX_KEYS).expireAfterAccess(HOUR).build();
    private final Cache<String, Bucket> addresses = Caffeine.newBuilder().maximumSize(MAX_KEYS).expireAfterAccess(HOUR).build();

    LoginThrottle(LoginThrottleProperties settings) {
        this.perUser = new Allowance(settings.getPerUserPerMinute(), settings.getPerUserPerHour());
        this.perAddress = new Allowance(settings.getPerAddressPerMinute(), settings.getPerAddressPerHour());
    }

    /**
     * @param user the user name the caller tries, null when it names none (a bearer token)
     * @return how long the caller must wait before its next try; zero when it may try now
     */
    Duration waitBeforeTrying(String user, String address) {
        long nanos = waitNanos(addresses, address);
        if (user != null) {
            nanos = Math.max(nanos, waitNanos(users, userKey(user)));
        }
        return Duration.ofNanos(nanos);
    }

    /** A failed login: one try less for the user name and for the address. */
    void failed(String user, String address) {
        addresses.get(address, key -> perAddress.newBucket()).tryConsume(1);
        if (user != null) {
            users.get(userKey(user), key -> perUser.newBucket()).tryConsume(1);
        }
    }

    /** A key never seen (or not for an hour) has its whole allowance. */
    private static long waitNanos(Cache<String, Bucket> buckets, String key) {
        Bucket bucket = buckets.getIfPresent(key);
        return bucket == null ? 0 : bucket.estimateAbilityToConsume(1).getNanosToWaitForRefill();
    }

    /** User names are matched as Spring Security's in-memory users are: case-insensitively. */
    private static String userKey(String user) {
        return user.toLowerCase(Locale.ROOT);
    }
}
