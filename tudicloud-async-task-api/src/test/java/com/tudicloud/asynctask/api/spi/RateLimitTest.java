package com.tudicloud.asynctask.api.spi;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A rate limit's bounds, at their edges, and what it makes of a claim's limits. */
class RateLimitTest {

    @Test
    void theBoundsThemselvesAreAllowedAndOneBeyondIsNot() {
        assertThat(new RateLimit(1, Duration.ofSeconds(1)).starts()).isEqualTo(1);
        assertThat(new RateLimit(RateLimit.MAX_STARTS, Duration.ofHours(24)).period()).isEqualTo(Duration.ofHours(24));

        assertThatThrownBy(() -> new RateLimit(0, Duration.ofMinutes(1)))
                .hasMessage("rate limit 0 per PT1M: must be from 1 to 1000000 starts");
        assertThatThrownBy(() -> new RateLimit(RateLimit.MAX_STARTS + 1, Duration.ofMinutes(1)))
                .hasMessageContaining("must be from 1 to 1000000 starts");
        assertThatThrownBy(() -> new RateLimit(10, Duration.ofMillis(999))).hasMessageContaining("must be from 1s to 24h");
        assertThatThrownBy(() -> new RateLimit(10, Duration.ofHours(24).plusMillis(1)))
                .hasMessageContaining("must be from 1s to 24h");
        assertThatThrownBy(() -> new RateLimit(10, Duration.ofMillis(1500).plusNanos(1)))
                .hasMessageContaining("must be whole milliseconds");
    }

    @Test
    void aRateLimitMakesAClaimALimitedOneWithoutCappingLeasedTasks() {
        ConcurrencyLimits rated = new ConcurrencyLimits(0, Map.of(), Map.of(),
                Map.of("mail", new RateLimit(100, Duration.ofMinutes(1))));

        assertThat(rated.isNone()).isFalse();
        assertThat(rated.capsLeased()).isFalse();
        assertThat(rated.capsTypes()).as("no prefetch: a waiting task would spend a start").isTrue();
        assertThat(new ConcurrencyLimits(0, Map.of(), Map.of("mail", 2)).capsTypes()).isFalse();
    }
}
