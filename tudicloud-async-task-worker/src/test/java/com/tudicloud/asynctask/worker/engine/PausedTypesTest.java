package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.api.spi.TypeSettings;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * When the worker reads the pauses: never for a claim that found nothing while nothing is paused, at most
 * once per poll interval for a claim that found tasks, and before every claim round while something is
 * paused (so that a resume is seen), on a clock the test moves.
 */
class PausedTypesTest {

    private static final Duration POLL = Duration.ofMillis(500);

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final Settings settings = new Settings();
    private final PausedTypes paused = new PausedTypes(settings, Set.of("mail", "report"), POLL, nanos::get);

    @Test
    void anIdleWorkerWithNothingPausedNeverReads() {
        for (int round = 0; round < 10; round++) {
            assertThat(paused.claimable()).containsExactlyInAnyOrder("mail", "report");
            nanos.addAndGet(POLL.toNanos());
        }
        assertThat(settings.reads).isZero();
    }

    @Test
    void aClaimThatFoundTasksReadsAtMostOncePerPollIntervalAndLeavesPausedTypesOut() {
        settings.paused.add("report");
        assertThat(paused.pausedAmong(Set.of("mail", "report"))).containsExactly("report");
        assertThat(paused.pausedAmong(Set.of("mail"))).isEmpty();
        nanos.addAndGet(POLL.toNanos() - 1);
        assertThat(paused.pausedAmong(Set.of("report"))).containsExactly("report");
        assertThat(settings.reads).isEqualTo(1);

        assertThat(paused.claimable()).containsExactly("mail");
        nanos.addAndGet(1);
        settings.paused.clear();
        assertThat(paused.claimable()).as("a resume is seen one poll interval on").containsExactlyInAnyOrder("mail", "report");
        assertThat(settings.reads).isEqualTo(2);
        nanos.addAndGet(POLL.toNanos());
        paused.claimable();
        assertThat(settings.reads).as("nothing paused: no read before a claim").isEqualTo(2);
    }

    @Test
    void aReadThatFailsFailsTheClaimAndTheNextOneReadsAgain() {
        settings.failing = true;
        assertThatThrownBy(() -> paused.pausedAmong(Set.of("mail"))).isInstanceOf(IllegalStateException.class);
        settings.failing = false;
        settings.paused.add("mail");
        assertThat(paused.pausedAmong(Set.of("mail"))).containsExactly("mail");
    }

    private static final class Settings implements FleetSettings {

        final Set<String> paused = new HashSet<>();
        int reads;
        boolean failing;

        @Override
        public Set<String> pausedTypes(Set<String> taskTypes) {
            if (failing) {
                throw new IllegalStateException("database away");
            }
            reads++;
            Set<String> found = new HashSet<>(paused);
            found.retainAll(taskTypes);
            return found;
        }

        @Override
        public ConcurrencyLimits concurrencyLimits(Set<String> taskTypes) {
            return ConcurrencyLimits.NONE;
        }

        @Override
        public void setConcurrencyLimits(ConcurrencyLimits limits) {
        }

        @Override
        public boolean pause(String taskType, String pausedBy) {
            return paused.add(taskType);
        }

        @Override
        public boolean resume(String taskType) {
            return paused.remove(taskType);
        }

        @Override
        public TypeSettings typeSettings() {
            return new TypeSettings(0, List.of());
        }
    }
}
