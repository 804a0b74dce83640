package com.tudicloud.asynctask.worker.engine;

import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Where the poller waits between claims. It waits the poll interval when the queue looked empty, or
 * until a slot frees up when its last batch was full; new local work wakes it either way. A wake-up
 * that comes while it is not waiting is remembered, so none is lost.
 */
final class PollWaiter {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition wakeUp = lock.newCondition();
    private boolean workSignalled;
    private boolean slotSignalled;

    /** Tasks were submitted in this JVM. */
    void workSubmitted() {
        lock.lock();
        try {
            workSignalled = true;
            wakeUp.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** A slot became free. */
    void slotFreed() {
        lock.lock();
        try {
            slotSignalled = true;
            wakeUp.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * @param untilSlotFree also return as soon as a slot frees up
     * @param max           the longest wait
     * @return whether work submitted in this JVM ended the wait (or came before it)
     */
    boolean await(boolean untilSlotFree, Duration max) throws InterruptedException {
        long remaining = max.toNanos();
        lock.lock();
        try {
            if (!untilSlotFree) {
                slotSignalled = false;
            }
            while (!workSignalled && !(untilSlotFree && slotSignalled) && remaining > 0) {
                remaining = wakeUp.awaitNanos(remaining);
            }
            boolean work = workSignalled;
            workSignalled = false;
            slotSignalled = false;
            return work;
        } finally {
            lock.unlock();
        }
    }
}
