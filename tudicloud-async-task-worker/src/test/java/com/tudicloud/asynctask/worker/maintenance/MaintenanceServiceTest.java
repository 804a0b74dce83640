package com.tudicloud.asynctask.worker.maintenance;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The one start/stop base of every periodic job. Periods are an hour: only a wake-up or a stop can end a wait. */
class MaintenanceServiceTest {

    private static final Duration HOUR = Duration.ofHours(1);
    private static final long PATIENCE_SECONDS = 20;

    private final List<MaintenanceService> started = new ArrayList<>();

    @AfterEach
    void stopAll() {
        started.forEach(MaintenanceService::stop);
    }

    @Test
    void aWakeUpEndsAnHoursWaitAtOnce() throws InterruptedException {
        CountDownLatch first = new CountDownLatch(1);
        CountDownLatch second = new CountDownLatch(2);
        MaintenanceService service = start("hourly", Duration.ZERO, HOUR, () -> {
            first.countDown();
            second.countDown();
        });
        assertThat(first.await(PATIENCE_SECONDS, TimeUnit.SECONDS)).as("first round").isTrue();

        service.wakeUp();

        assertThat(second.await(PATIENCE_SECONDS, TimeUnit.SECONDS)).as("second round after the wake-up").isTrue();
    }

    @Test
    void aWakeUpDuringARoundIsKeptForTheWaitAfterIt() throws InterruptedException {
        CountDownLatch inRound = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch second = new CountDownLatch(1);
        AtomicInteger rounds = new AtomicInteger();
        MaintenanceService service = start("busy", Duration.ZERO, HOUR, () -> {
            if (rounds.incrementAndGet() == 1) {
                inRound.countDown();
                awaitQuietly(release);
            } else {
                second.countDown();
            }
        });
        assertThat(inRound.await(PATIENCE_SECONDS, TimeUnit.SECONDS)).isTrue();

        service.wakeUp();
        release.countDown();

        assertThat(second.await(PATIENCE_SECONDS, TimeUnit.SECONDS)).as("the wake-up was not lost").isTrue();
    }

    @Test
    void aRoundThatThrowsDoesNotEndTheService() throws InterruptedException {
        CountDownLatch rounds = new CountDownLatch(3);
        start("failing", Duration.ZERO, Duration.ofMillis(1), () -> {
            rounds.countDown();
            throw new IllegalStateException("round failed");
        });

        assertThat(rounds.await(PATIENCE_SECONDS, TimeUnit.SECONDS)).as("rounds after failures").isTrue();
    }

    @Test
    void stopEndsAnHoursWaitAndLetsTheRoundInFlightFinish() throws InterruptedException {
        CountDownLatch inRound = new CountDownLatch(1);
        AtomicInteger finishedRounds = new AtomicInteger();
        AtomicInteger interrupted = new AtomicInteger();
        MaintenanceService slow = start("slow", Duration.ZERO, HOUR, () -> {
            inRound.countDown();
            try {
                Thread.sleep(300);
                finishedRounds.incrementAndGet();
            } catch (InterruptedException e) {
                interrupted.incrementAndGet();
            }
        });
        MaintenanceService waiting = start("waiting", HOUR, HOUR, () -> { });
        assertThat(inRound.await(PATIENCE_SECONDS, TimeUnit.SECONDS)).isTrue();

        slow.stop();
        waiting.stop();

        assertThat(finishedRounds).as("the round in flight ran to its end").hasValue(1);
        assertThat(interrupted).hasValue(0);
        assertThat(slow.isRunning()).isFalse();
        assertThat(waiting.isRunning()).isFalse();
        assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName).doesNotContain("slow", "waiting");
    }

    private MaintenanceService start(String name, Duration firstRoundIn, Duration period, Runnable round) {
        MaintenanceService service = new MaintenanceService(name, firstRoundIn, period) {
            @Override
            protected void runRound() {
                round.run();
            }
        };
        started.add(service);
        service.start();
        return service;
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(PATIENCE_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
