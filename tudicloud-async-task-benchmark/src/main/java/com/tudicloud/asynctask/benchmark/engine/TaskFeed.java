package com.tudicloud.asynctask.benchmark.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

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
        submitInBatches(count, null);
    }

    /** {@code count} tasks of one key ({@code null}: none), {@value #BATCH} per call. */
    public void submitInBatches(int count, String key) {
        for (int from = 0; from < count; from += BATCH) {
            List<TaskRequest> batch = new ArrayList<>(BATCH);
            for (int i = from; i < Math.min(count, from + BATCH); i++) {
                batch.add(key == null ? request(i) : request(i).withKey(key));
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
        return submitAtRate(perSecond, duration, List.of(), () -> false);
    }

    /**
     * As {@link #submitAtRate(int, Duration)}, the keys taking turns (task n gets {@code keys[n % keys.size()]}, none
     * when {@code keys} is empty), and ending early once {@code stop} says so.
     *
     * @return how many were submitted
     */
    public int submitAtRate(int perSecond, Duration duration, List<String> keys, BooleanSupplier stop) {
        int total = (int) (perSecond * duration.toMillis() / 1000);
        long periodNanos = 1_000_000_000L / perSecond;
        long start = System.nanoTime();
        int submitted = 0;
        for (; submitted < total; submitted++) {
            long due = start + submitted * periodNanos;
            for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
                LockSupport.parkNanos(wait);
            }
            if (stop.getAsBoolean()) {
                break;
            }
            TaskRequest request = request(submitted);
            client.submit(keys.isEmpty() ? request : request.withKey(keys.get(submitted % keys.size())));
        }
        return submitted;
    }

    private TaskRequest request(int n) {
        return TaskRequest.of(taskType, Map.of("n", n));
    }
}
