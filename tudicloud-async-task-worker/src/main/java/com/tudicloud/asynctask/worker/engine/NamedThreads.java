package com.tudicloud.asynctask.worker.engine;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Daemon threads named for what they do, so that thread dumps and logs say it. */
final class NamedThreads implements ThreadFactory {

    private final String prefix;
    private final AtomicInteger counter = new AtomicInteger();

    NamedThreads(String prefix) {
        this.prefix = prefix;
    }

    @Override
    public Thread newThread(Runnable task) {
        Thread thread = new Thread(task, prefix + "-" + counter.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    }
}
