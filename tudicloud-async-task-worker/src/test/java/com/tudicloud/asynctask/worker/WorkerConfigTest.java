package com.tudicloud.asynctask.worker;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class WorkerConfigTest {

    private final WorkerConfig.Builder worker = WorkerConfig.builder();

    @Test
    void theArticlesDefaultsAreValid() {
        WorkerConfig defaults = worker.build();
        assertThat(defaults.leaseTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(defaults.heartbeatInterval()).isEqualTo(Duration.ofSeconds(10));
        assertThat(defaults.shutdownTimeout()).isEqualTo(defaults.leaseTimeout());
    }

    @Test
    void aLeaseThatOneMissedHeartbeatLosesIsRefused() {
        // the watchdog stops at 25 s after the last renewal was sent; after a missed round the next is sent at 20 s
        // plus both rounds' time, so a slow database already loses the lease: 2.5 heartbeats are not enough
        worker.leaseTimeout(Duration.ofSeconds(25));

        assertThat(violations()).singleElement().asString().startsWith(
                "async-task.worker.lease-timeout (PT25S) must be at least 3 x async-task.worker.heartbeat-interval (PT10S)");
    }

    @Test
    void aLeaseOfThreeHeartbeatsIsTheShortestAccepted() {
        worker.leaseTimeout(Duration.ofSeconds(30));
        assertThatCode(worker::build).doesNotThrowAnyException();

        worker.leaseTimeout(Duration.ofMillis(29_999));
        assertThat(violations()).singleElement().asString().contains("must be at least 3 x");
    }

    @Test
    void aRecoveryIntervalBeyondTwoLeasesIsRefused() {
        worker.recoveryInterval(Duration.ofSeconds(121));

        assertThat(violations()).containsExactly("async-task.worker.recovery-interval (PT2M1S) must be at most twice "
                + "async-task.worker.lease-timeout (PT1M)");
    }

    @Test
    void everyBadValueIsListedAtOnce() {
        worker.slots(0);
        worker.pollInterval(Duration.ZERO);
        worker.globalLimit(-1);
        worker.typeLimits(Map.of("export", 0));
        worker.jitter(1.5);

        assertThat(violations()).containsExactlyInAnyOrder(
                "async-task.worker.poll-interval must be from 1ms to 73000d, but is PT0S",
                "async-task.worker.slots must be from 1 to 10000, but is 0",
                "async-task.worker.global-limit must be 0 (no limit) or more, but is -1",
                "async-task.worker.type-limits.export must be at least 1, but is 0",
                "async-task.worker.retry.jitter must be from 0 to below 1.0, but is 1.5");
    }

    private java.util.List<String> violations() {
        return catchThrowableOfType(InvalidAsyncTaskSettingsException.class, worker::build)
                .violations();
    }
}
