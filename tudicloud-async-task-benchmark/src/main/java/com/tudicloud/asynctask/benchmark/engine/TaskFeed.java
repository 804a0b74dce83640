package com.tudicloud.asynctask.benchmark.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/** Submits benchmark tasks through the public client: in batches, one at a time, or at a steady rate. */
public final class TaskFeed {

    public static final int BATCH = 1000;

    private final AsyncTaskClient client;
    private final String taskType;

    public TaskFeed(AsyncTaskClient client, String taskType) {
        this.client = client;
        this.taskType = taskType;
    }

    /** {@code count} tasks, {@value #BATCH} per call (one multi-row INSERT each). */
    public void submitInBatches(int count) {
        for (int from = 0; from < count; from += BATCH) {
            List<TaskRequest> batch = new ArrayList<>(BATCH);
            for (int i = from; i < Math.min(count, from + BATCH); i++) {
                batch.add(request(i));
            }
            client.submitAll(batch);
        }
    }

    /** {@code count} tasks, one call each. */
    public void submitOneByOne(int count) {
        for (int i = 0; i < count; i++) {
            client.submit(request(i));
        }
    }

    /**
     * {@code perSecond} tasks a second for {@code duration}, one call each, on a fixed schedule: a
     * submit that falls behind is sent at once, without shifting the ones after it.
     *
     * @return how many were submitted
     */
    public int submitAtRate(int perSecond, Duration duration) {
        int total = (int) (perSecond * duration.toMillis() / 1000);
        long periodNanos = 1_000_000_000L / perSecond;
        long start = System.nanoTime();
        for (int i = 0; i < total; i++) {
            long due = start + i * periodNanos;
            for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
                LockSupport.parkNanos(wait);
            }
            client.submit(request(i));
        }
        return total;
    }

    private TaskRequest request(int n) {
        return TaskRequest.of(taskType, Map.of("n", n));
    }
}
