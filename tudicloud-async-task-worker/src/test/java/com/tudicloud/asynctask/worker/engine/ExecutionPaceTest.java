package com.tudicloud.asynctask.worker.engine;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class ExecutionPaceTest {

    private static final long MS = 1_000_000;

    @Test
    void noPrefetchBeforeAnExecutionTimeIsKnown() {
        assertThat(new ExecutionPace(8, Duration.ofMillis(100)).prefetch()).isZero();
    }

    @Test
    void prefetchesWhatTheSlotsStartWithinTheWindowCappedPerSlot() {
        ExecutionPace pace = new ExecutionPace(8, Duration.ofMillis(100));

        pace.executed(40 * MS);
        assertThat(pace.prefetch()).as("8 slots x 100 ms / 40 ms").isEqualTo(20);

        ExecutionPace quick = new ExecutionPace(8, Duration.ofMillis(100));
        quick.executed(MS / 10);
        assertThat(quick.prefetch()).isEqualTo(8 * ExecutionPace.MAX_PREFETCH_PER_SLOT);
    }

    @Test
    void tasksLongerThanTheWindowGetNoPrefetch() {
        ExecutionPace pace = new ExecutionPace(2, Duration.ofMillis(100));
        pace.executed(250 * MS);
        assertThat(pace.prefetch()).isZero();
    }

    @Test
    void followsAChangeOfPaceGradually() {
        ExecutionPace pace = new ExecutionPace(4, Duration.ofMillis(100));
        pace.executed(MS);
        int capped = 4 * ExecutionPace.MAX_PREFETCH_PER_SLOT;
        assertThat(pace.prefetch()).isEqualTo(capped);

        pace.executed(2_000 * MS);
        int afterOneSlowTask = pace.prefetch();
        for (int i = 0; i < 200; i++) {
            pace.executed(2_000 * MS);
        }

        assertThat(afterOneSlowTask).as("one slow task pulls the average up at once").isLessThan(8);
        assertThat(pace.prefetch()).isZero();
        for (int i = 0; i < 200; i++) {
            pace.executed(MS);
        }
        assertThat(pace.prefetch()).as("back to short tasks").isEqualTo(capped);
    }

    @Test
    void aZeroWindowTurnsPrefetchOff() {
        ExecutionPace pace = new ExecutionPace(8, Duration.ZERO);
        pace.executed(1000);
        assertThat(pace.prefetch()).isZero();
    }
}
