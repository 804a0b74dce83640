package com.tudicloud.asynctask.admin.demo;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskResult;

/** {@code demo.flaky}: throws on its first attempts, so that the console shows retries with backoff. */
public class FlakyTaskHandler implements TaskHandler<FlakyPayload> {

    public static final String TYPE = "demo.flaky";

    @Override
    public String taskType() {
        return TYPE;
    }

    @Override
    public Class<FlakyPayload> payloadType() {
        return FlakyPayload.class;
    }

    @Override
    public TaskResult execute(TaskContext context, FlakyPayload payload) {
        if (context.attempt() <= payload.failures()) {
            // thrown rather than returned: the worker retries exceptions with its configured backoff
            throw new IllegalStateException("planned demo failure: attempt " + context.attempt() + " of "
                    + payload.failures() + " that fail");
        }
        return TaskResult.success();
    }
}
