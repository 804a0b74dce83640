package com.tudicloud.asynctask.benchmark.engine;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskResult;

import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/** Task type {@value #TYPE}: holds its slot (and so its lease) until released, then succeeds. */
public final class BlockingHandler implements TaskHandler<Map<?, ?>> {

    public static final String TYPE = "bench.block";

    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicInteger running = new AtomicInteger();

    @Override
    public String taskType() {
        return TYPE;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    @Override
    public Class<Map<?, ?>> payloadType() {
        return (Class) Map.class;
    }

    @Override
    public TaskResult execute(TaskContext context, Map<?, ?> payload) throws InterruptedException {
        running.incrementAndGet();
        try {
            release.await();
            return TaskResult.success();
        } finally {
            running.decrementAndGet();
        }
    }

    /** Handlers waiting right now. */
    public int running() {
        return running.get();
    }

    public void releaseAll() {
        release.countDown();
    }
}
