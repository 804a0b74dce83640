package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;
import org.junit.jupiter.api.Test;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rounds of a fair claim on candidates as the statement returns them: first tasks in claim order, heads the
 * walk reached, a row that is both, tasks without a key, and a type in the same claim that is not fair.
 */
class FairOrderTest {

    private static final LocalDateTime NOW = LocalDateTime.of(2026, 1, 1, 0, 0);

    @Test
    void eachTurnTakesOneTaskPerRoundTheFirstTasksTurnsFirstThenTheWalksInKeyOrder() {
        List<ClaimCandidate> candidates = List.of(
                candidate(1, "fair", "a", 0, false), candidate(2, "fair", "a", 0, false),
                candidate(3, "fair", null, 0, false), candidate(4, "fair", null, 0, false),
                candidate(1, "fair", "a", 0, true),            // a's head, also among the first tasks
                candidate(30, "fair", "c", 0, true), candidate(20, "fair", "b", 0, true),
                candidate(5, "plain", "x", 0, false), candidate(6, "plain", "y", 0, false));

        List<Long> order = FairOrder.of(candidates, Set.of("fair")).stream().map(ClaimCandidate::id).toList();

        // round 1: a, the keyless turn and the plain type by claim order, then the walk's b and c; round 2: the rest
        assertThat(order).containsExactly(1L, 3L, 5L, 20L, 30L, 2L, 4L, 6L);
    }

    @Test
    void priorityStillWinsWithinAKey() {
        List<ClaimCandidate> candidates = List.of(candidate(1, "fair", "a", 0, false),
                candidate(2, "fair", "a", 9, false), candidate(3, "fair", "b", 0, true));

        assertThat(FairOrder.of(candidates, Set.of("fair")).stream().map(ClaimCandidate::id).toList())
                .containsExactly(2L, 3L, 1L);
    }

    private static ClaimCandidate candidate(long id, String type, String key, int priority, boolean reached) {
        return new ClaimCandidate(id, type, TaskStatus.QUEUED, "{}", 0, 3, null, 0, priority, NOW, NOW, true, key,
                reached, null, null, false);
    }
}
