package com.tudicloud.asynctask.admin.demo;

import com.tudicloud.asynctask.api.TaskContext;

import java.time.Duration;

/** The pauses of the demo handlers: they end as soon as the worker wants the task to stop. */
final class CancellableSleep {

    private CancellableSleep() {
    }

    /**
     * Sleeps for {@code pause} unless the task was asked to stop. The worker sets the flag on a cancel,
     * a lost lease or shutdown, and interrupts the thread, which {@link Thread#sleep} answers at once.
     */
    static void sleep(TaskContext context, Duration pause) throws InterruptedException {
        if (context.isCancellationRequested() || Thread.interrupted()) {
            throw new InterruptedException("task " + context.taskId() + " was asked to stop");
        }
        Thread.sleep(pause.toMillis());
    }
}
