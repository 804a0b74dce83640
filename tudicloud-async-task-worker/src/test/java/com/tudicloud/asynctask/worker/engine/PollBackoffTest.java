package com.tudicloud.asynctask.worker.engine;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class PollBackoffTest {

    private final PollBackoff backoff = new PollBackoff(Duration.ofMillis(100));

    @Test
    void anIdleWorkerWaitsThePollInterval() {
        assertThat(backoff.next(false)).isEqualTo(Duration.ofMillis(100));
        assertThat(backoff.next(false)).isEqualTo(Duration.ofMillis(100));
    }

    @Test
    void looksAgainSoonWhileTasksComeThenDoublesBackToTheInterval() {
        assertThat(backoff.next(true)).isEqualTo(PollBackoff.MIN_WAIT);
        assertThat(backoff.next(true)).isEqualTo(Duration.ofMillis(10));
        assertThat(backoff.next(false)).isEqualTo(Duration.ofMillis(20));
        assertThat(backoff.next(false)).isEqualTo(Duration.ofMillis(40));
        assertThat(backoff.next(false)).isEqualTo(Duration.ofMillis(80));
        assertThat(backoff.next(false)).isEqualTo(Duration.ofMillis(100));
        assertThat(backoff.next(true)).isEqualTo(Duration.ofMillis(10));
    }

    @Test
    void neverWaitsLongerThanAShortPollInterval() {
        PollBackoff fast = new PollBackoff(Duration.ofMillis(5));
        assertThat(fast.next(true)).isEqualTo(Duration.ofMillis(5));
    }
}
