package com.tudicloud.asynctask.benchmark.scenario;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RateLimitScenarioTest {

    @Test
    void theBusiestWindowCountsStartsWithinLessThanOnePeriodOfEachOther() {
        List<Long> starts = List.of(0L, 1L, 1L, 500L, 999L, 1000L, 1001L, 1999L, 2999L);

        assertThat(RateLimitScenario.mostInWindow(starts, 1000)).as("(0, 1000] holds 1, 1, 500, 999, 1000").isEqualTo(5);
        assertThat(RateLimitScenario.mostInWindow(List.of(0L, 1000L, 2000L), 1000))
                .as("a start one period later is in the next window").isEqualTo(1);
        assertThat(RateLimitScenario.mostInWindow(List.of(7L, 7L, 7L), 1000)).isEqualTo(3);
        assertThat(RateLimitScenario.mostInWindow(List.of(), 1000)).isZero();
    }

    @Test
    void theRateCountsTheStartsOfTheWholePeriodsFromTheFirstStart() {
        List<Long> starts = List.of(100L, 150L, 1099L, 1100L, 1200L, 2099L, 2100L);

        RateLimitScenario.WholePeriods measured = RateLimitScenario.wholePeriods(starts, 1000, 2150);

        assertThat(measured).as("[100, 2100) holds two periods, the start at 2100 opens a third")
                .isEqualTo(new RateLimitScenario.WholePeriods(2, 6));
        assertThat(measured.ratioTo(4)).isEqualTo(0.75);
        assertThat(RateLimitScenario.wholePeriods(starts, 1000, 1050).ratioTo(4)).as("no whole period").isNaN();
        assertThat(RateLimitScenario.wholePeriods(List.of(), 1000, 5000).periods()).isZero();
    }
}
