package com.tudicloud.asynctask.admin.demo;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskResult;

import java.time.Duration;

/** {@code demo.sleep}: sleeps as long as asked, in short steps, so that a cancel ends it promptly. */
public class SleepTaskHandler implements TaskHandler<SleepPayload> {

    public static final String TYPE = "demo.sleep";

    private static final long STEP_MILLIS = 100;

    @Override
    public String taskType() {
        return TYPE;
    }

    @Override
    public Class<SleepPayload> payloadType() {
        return SleepPayload.class;
    }

    @Override
    public TaskResult execute(TaskContext context, SleepPayload payload) throws InterruptedException {
        long total = payload.ms();
        long slept = 0;
        while (slept < total) {
            long step = Math.min(STEP_MILLIS, total - slept);
            CancellableSleep.sleep(context, Duration.ofMillis(step));
            slept += step;
            context.reportProgress(Percent.of(slept, total), "slept " + slept + " of " + total + " ms");
        }
        return TaskResult.success();
    }
}
