package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.worker.engine.AsyncTaskWorker;
import org.springframework.context.SmartLifecycle;

/** Starts the application's worker with it and stops it, gracefully, with it. */
final class AsyncTaskWorkerLifecycle implements SmartLifecycle {

    private final AsyncTaskWorker worker;

    AsyncTaskWorkerLifecycle(AsyncTaskWorker worker) {
        this.worker = worker;
    }

    @Override
    public void start() {
        worker.start();
    }

    @Override
    public void stop() {
        worker.stop();
    }

    @Override
    public boolean isRunning() {
        return worker.isRunning();
    }
}
