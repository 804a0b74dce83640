package com.tudicloud.asynctask.worker.engine;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class PollWaiterTest {

    private static final Duration LONG = Duration.ofMinutes(5);

    private final PollWaiter waiter = new PollWaiter();

    @Test
    void submittedWorkWakesAWaitingPoller() throws Exception {
        CompletableFuture<Boolean> waiting = CompletableFuture.supplyAsync(this::awaitIdle);
        Thread.sleep(50);

        waiter.workSubmitted();

        assertThat(waiting.get(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aWakeUpBeforeTheWaitIsNotLost() throws Exception {
        waiter.workSubmitted();

        assertThat(CompletableFuture.supplyAsync(this::awaitIdle).get(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void anEndedExecutionWakesOnlyAPollerWaitingForTheRoomItMakes() throws Exception {
        AtomicInteger held = new AtomicInteger(10);
        waiter.executionEnded(9);
        CompletableFuture<Boolean> idle = CompletableFuture.supplyAsync(this::awaitIdle);
        Thread.sleep(100);
        waiter.executionEnded(8);
        Thread.sleep(100);
        assertThat(idle).as("a poller not waiting for room").isNotDone();

        held.set(8);
        CompletableFuture<Boolean> full = CompletableFuture.supplyAsync(() -> awaitRoom(5, held));
        Thread.sleep(100);
        held.set(7);
        waiter.executionEnded(7);
        Thread.sleep(100);
        assertThat(full).as("room for 3 of the 5 it waits for").isNotDone();
        held.set(5);
        waiter.executionEnded(5);
        assertThat(full.get(10, TimeUnit.SECONDS)).as("woken by room, not work").isFalse();

        waiter.workSubmitted();
        assertThat(idle.get(10, TimeUnit.SECONDS)).as("woken by work").isTrue();
    }

    @Test
    void roomMadeBeforeTheWaitIsNotLost() throws Exception {
        AtomicInteger held = new AtomicInteger(3);

        assertThat(CompletableFuture.supplyAsync(() -> awaitRoom(5, held)).get(10, TimeUnit.SECONDS)).isFalse();
    }

    private boolean awaitIdle() {
        try {
            return waiter.await(LONG);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private boolean awaitRoom(int heldAtMost, AtomicInteger held) {
        try {
            return waiter.awaitRoom(heldAtMost, held::get, LONG);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
