package com.tudicloud.asynctask.worker.engine;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class PollWaiterTest {

    private static final Duration LONG = Duration.ofMinutes(5);

    private final PollWaiter waiter = new PollWaiter();

    @Test
    void submittedWorkWakesAWaitingPoller() throws Exception {
        CompletableFuture<Void> waiting = CompletableFuture.runAsync(this::awaitIdle);
        Thread.sleep(50);

        waiter.workSubmitted();

        waiting.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aWakeUpBeforeTheWaitIsNotLost() throws Exception {
        waiter.workSubmitted();

        CompletableFuture.runAsync(this::awaitIdle).get(10, TimeUnit.SECONDS);
    }

    @Test
    void aFreedSlotWakesOnlyAPollerWaitingForOne() throws Exception {
        waiter.slotFreed();
        CompletableFuture<Void> idle = CompletableFuture.runAsync(this::awaitIdle);
        Thread.sleep(100);
        waiter.slotFreed();
        Thread.sleep(100);
        assertThat(idle).isNotDone();

        CompletableFuture<Void> full = CompletableFuture.runAsync(() -> await(true));
        waiter.slotFreed();
        full.get(10, TimeUnit.SECONDS);

        waiter.workSubmitted();
        idle.get(10, TimeUnit.SECONDS);
    }

    private void awaitIdle() {
        await(false);
    }

    private void await(boolean untilSlotFree) {
        try {
            waiter.await(untilSlotFree, LONG);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
