package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.ClaimedTask;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** How long the poller waits after a claim a rate limit held back, and when it keeps its usual pace instead. */
class RateWaitTest {

    private static final Duration POLL = Duration.ofSeconds(1);

    private final RateWait wait = new RateWait();

    @Test
    void aClaimNoLimitHeldBackKeepsThePollersPace() {
        wait.forNextClaim();

        assertThat(wait.heldBackAll(List.of())).isFalse();
        assertThat(wait.heldBackAll(List.of(task("mail")))).isFalse();
    }

    @Test
    void itWaitsUntilTheFirstWindowFreesAStartFromTenMillisecondsToAPollInterval() {
        wait.forNextClaim().heldBack("mail", Duration.ofMillis(700));
        wait.heldBack("sms", Duration.ofMillis(300));
        assertThat(wait.heldBackAll(List.of(task("mail"), task("sms")))).isTrue();
        assertThat(wait.untilAStartFrees(POLL)).isEqualTo(Duration.ofMillis(300));

        wait.forNextClaim().heldBack("mail", Duration.ofMinutes(5));
        assertThat(wait.untilAStartFrees(POLL)).as("other types' work is looked for every poll interval").isEqualTo(POLL);

        wait.forNextClaim().heldBack("mail", Duration.ZERO);
        assertThat(wait.untilAStartFrees(POLL)).isEqualTo(PollBackoff.MIN_WAIT);
    }

    @Test
    void tasksOfATypeNoLimitHeldBackKeepThePollersPace() {
        wait.forNextClaim().heldBack("mail", Duration.ofSeconds(1));

        assertThat(wait.heldBackAll(List.of(task("mail"), task("report")))).isFalse();
        assertThat(wait.forNextClaim()).isSameAs(wait);
        assertThat(wait.heldBackAll(List.of(task("mail")))).as("forgotten with the next claim").isFalse();
    }

    private static ClaimedTask task(String type) {
        return new ClaimedTask(1, type, "{}", 1, 3, null, 1, 0, null, null);
    }
}
