package com.tudicloud.asynctask.worker.schedule;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Wakes this JVM's schedulers when a schedule is created, edited, resumed or triggered here, so that they read
 * the new next fire time at once instead of at the end of their wait (a change signalled while a scheduler is
 * busy wakes it as soon as its round ends). Changes made by other JVMs reach them within
 * {@code async-task.schedules.refresh-interval}.
 */
public final class ScheduleChanges {

    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    /** A schedule changed in this JVM. */
    public void signal() {
        listeners.forEach(Runnable::run);
    }

    void onChange(Runnable listener) {
        listeners.add(listener);
    }
}
