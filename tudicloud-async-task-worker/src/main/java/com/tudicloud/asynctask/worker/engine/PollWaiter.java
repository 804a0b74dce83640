package com.tudicloud.asynctask.worker.engine;

import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntSupplier;

/**
 * Where the poller waits between claims. It waits the poll interval when the queue looked empty, or
 * until enough held executions have ended to make room for a claim when its last batch was full; new
 * local work wakes it either way. A wake-up that comes while it is not waiting is remembered, so none is
 * lost. An execution that ends while the poller needs more room than that makes, or does not wait for
 * room at all, costs no lock and wakes nobody: with short tasks, one wake-up per claim instead of one
 * per task.
 */
final class PollWaiter {

    private static final int NOT_WAITING_FOR_ROOM = -1;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition wakeUp = lock.newCondition();
    private boolean workSignalled;
    private boolean roomSignalled;
    /** The poller waits until no more than this many executions are held. */
    private volatile int wakeAtHeld = NOT_WAITING_FOR_ROOM;

    /** Tasks became due in this JVM: submitted here, or made due by a completion this worker wrote. */
    void workSubmitted() {
        lock.lock();
        try {
            workSignalled = true;
            wakeUp.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** A held execution ended; {@code held} are left. */
    void executionEnded(int held) {
        if (held > wakeAtHeld) {
            return;
        }
        lock.lock();
        try {
            roomSignalled = true;
            wakeUp.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until work is submitted in this JVM, or at most {@code max}.
     *
     * @return whether work submitted in this JVM ended the wait (or came before it)
     */
    boolean await(Duration max) throws InterruptedException {
        return awaitUntil(NOT_WAITING_FOR_ROOM, () -> 0, max);
    }

    /**
     * Waits until no more than {@code heldAtMost} executions are held, or work is submitted in this JVM, or
     * at most {@code max}.
     *
     * @param held the executions held now
     * @return whether work submitted in this JVM ended the wait (or came before it)
     */
    boolean awaitRoom(int heldAtMost, IntSupplier held, Duration max) throws InterruptedException {
        return awaitUntil(heldAtMost, held, max);
    }

    private boolean awaitUntil(int heldAtMost, IntSupplier held, Duration max) throws InterruptedException {
        boolean forRoom = heldAtMost != NOT_WAITING_FOR_ROOM;
        long remaining = max.toNanos();
        lock.lock();
        try {
            if (forRoom) {
                wakeAtHeld = heldAtMost;
                // an execution that ended before the line above did not see it: look at what is held now
                roomSignalled = held.getAsInt() <= heldAtMost;
            }
            while (!workSignalled && !(forRoom && roomSignalled) && remaining > 0) {
                remaining = wakeUp.awaitNanos(remaining);
            }
            boolean work = workSignalled;
            workSignalled = false;
            return work;
        } finally {
            if (forRoom) {
                wakeAtHeld = NOT_WAITING_FOR_ROOM;
                roomSignalled = false;
            }
            lock.unlock();
        }
    }
}
