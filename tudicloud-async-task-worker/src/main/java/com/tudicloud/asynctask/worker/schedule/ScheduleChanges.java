package com.tudicloud.asynctask.worker.schedule;

import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Wakes this JVM's scheduler when a schedule is created, edited, resumed or triggered here, so that it
 * reads the new next fire time at once instead of at the end of its wait. A change signalled while the
 * scheduler is not waiting is remembered, so none is lost. Changes made by other JVMs reach it within
 * {@code async-task.schedules.refresh-interval}.
 */
public final class ScheduleChanges {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private boolean signalled;

    /** A schedule changed in this JVM. */
    public void signal() {
        lock.lock();
        try {
            signalled = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits up to {@code wait} for a change.
     *
     * @return whether a change was signalled (and is now taken)
     */
    boolean await(Duration wait) throws InterruptedException {
        lock.lock();
        try {
            long nanos = wait.toNanos();
            while (!signalled) {
                if (nanos <= 0) {
                    return false;
                }
                nanos = changed.awaitNanos(nanos);
            }
            signalled = false;
            return true;
        } finally {
            lock.unlock();
        }
    }
}
