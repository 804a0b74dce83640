package com.tudicloud.asynctask.benchmark.scenario;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ChainGapsTest {

    @Test
    void aChainIsInOrderWhenEveryStepAfterTheFirstStartedAtOrAfterItsPredecessorsFinish() {
        ChainGaps gaps = ChainGaps.of(List.of(0.0, 12.0, 3.0, 40.0));

        assertThat(gaps.inOrder(5)).isTrue();
        assertThat(gaps.percentile(50)).isEqualTo(3.0);
        assertThat(gaps.percentile(99)).isEqualTo(40.0);
        assertThat(gaps.max()).isEqualTo(40.0);
    }

    @Test
    void aStepThatStartedEarlyOrWasNotMeasuredOrIsMissingBreaksTheOrder() {
        ChainGaps early = ChainGaps.of(List.of(5.0, -1.0, 7.0));
        assertThat(early.startedEarly()).isEqualTo(1);
        assertThat(early.inOrder(4)).isFalse();

        ChainGaps unmeasured = ChainGaps.of(Arrays.asList(5.0, null, 7.0));
        assertThat(unmeasured.missing()).isEqualTo(1);
        assertThat(unmeasured.millis()).containsExactly(5.0, 7.0);
        assertThat(unmeasured.inOrder(4)).isFalse();

        assertThat(ChainGaps.of(List.of(5.0, 7.0)).inOrder(4)).as("a step without its edge").isFalse();
    }

    @Test
    void aGapIsExpressedInPollIntervals() {
        assertThat(ChainGaps.inPollIntervals(250, Duration.ofSeconds(1))).isEqualTo(0.25);
        assertThat(ChainGaps.inPollIntervals(300, Duration.ofMillis(100))).isEqualTo(3.0);
    }
}
