package com.tudicloud.asynctask.worker.schedule;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class ScheduleChangesTest {

    private final ScheduleChanges changes = new ScheduleChanges();

    @Test
    void aChangeSignalledWhileNobodyWaitsIsTakenOnceByTheNextWait() throws InterruptedException {
        changes.signal();
        changes.signal();
        assertThat(changes.await(Duration.ZERO)).as("remembered").isTrue();
        assertThat(changes.await(Duration.ofMillis(1))).as("taken").isFalse();
    }

    @Test
    void aChangeWakesAThreadWaitingAnHour() {
        CompletableFuture<Boolean> woken = CompletableFuture.supplyAsync(() -> {
            try {
                return changes.await(Duration.ofHours(1));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            changes.signal();
            return woken.isDone();
        });
        assertThat(woken.join()).isTrue();
    }
}
