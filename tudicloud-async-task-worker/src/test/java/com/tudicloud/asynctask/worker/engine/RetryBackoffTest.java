package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.worker.AsyncTaskProperties;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class RetryBackoffTest {

    private final AsyncTaskProperties.Retry settings = new AsyncTaskProperties.Retry();

    @Test
    void growsExponentiallyUpToTheCap() {
        settings.setInitialBackoff(Duration.ofSeconds(1));
        settings.setMultiplier(2);
        settings.setMaxBackoff(Duration.ofSeconds(5));
        RetryBackoff noJitter = new RetryBackoff(settings, () -> 0.5);

        assertThat(noJitter.delayAfter(1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(noJitter.delayAfter(2)).isEqualTo(Duration.ofSeconds(2));
        assertThat(noJitter.delayAfter(3)).isEqualTo(Duration.ofSeconds(4));
        assertThat(noJitter.delayAfter(4)).isEqualTo(Duration.ofSeconds(5));
        assertThat(noJitter.delayAfter(60)).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void jitterSpreadsEachDelayBothWays() {
        settings.setInitialBackoff(Duration.ofSeconds(10));
        settings.setJitter(0.2);

        assertThat(new RetryBackoff(settings, () -> 0.0).delayAfter(1)).isEqualTo(Duration.ofSeconds(8));
        assertThat(new RetryBackoff(settings, () -> 1.0).delayAfter(1)).isEqualTo(Duration.ofSeconds(12));
    }
}
