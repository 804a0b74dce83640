package com.tudicloud.asynctask.worker.policy;

import com.tudicloud.asynctask.api.TaskPolicy;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class BackoffTest {

    @Test
    void growsExponentiallyUpToTheCap() {
        var backoff = new TaskPolicy.Retry(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(5), 0.2);

        assertThat(backoff.delayAfter(1, 0.5)).isEqualTo(Duration.ofSeconds(1));
        assertThat(backoff.delayAfter(2, 0.5)).isEqualTo(Duration.ofSeconds(2));
        assertThat(backoff.delayAfter(3, 0.5)).isEqualTo(Duration.ofSeconds(4));
        assertThat(backoff.delayAfter(4, 0.5)).isEqualTo(Duration.ofSeconds(5));
        assertThat(backoff.delayAfter(60, 0.5)).isEqualTo(Duration.ofSeconds(5));
        assertThat(backoff.delayAfter(Integer.MAX_VALUE, 0.5)).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void jitterSpreadsEachDelayBothWays() {
        var backoff = new TaskPolicy.Retry(Duration.ofSeconds(10), 2.0, Duration.ofMinutes(5), 0.2);

        assertThat(backoff.delayAfter(1, 0.0)).isEqualTo(Duration.ofSeconds(8));
        assertThat(backoff.delayAfter(1, 1.0)).isEqualTo(Duration.ofSeconds(12));
    }

    @Test
    void theLongestBackoffAPolicyMayHaveStillFitsInMilliseconds() {
        var longest = new TaskPolicy.Retry(TaskPolicyResolver.MAX_BACKOFF, Double.MAX_VALUE,
                TaskPolicyResolver.MAX_BACKOFF, 0.99);

        assertThat(longest.delayAfter(1000, 1.0)).isGreaterThan(TaskPolicyResolver.MAX_BACKOFF);
        assertThat(longest.delayAfter(1000, 0.0)).isPositive();
    }
}
