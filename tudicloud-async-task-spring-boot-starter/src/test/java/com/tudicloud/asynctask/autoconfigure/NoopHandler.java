package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskResult;

/** A handler of a type no test submits: it gives a worker something to poll for. */
class NoopHandler implements TaskHandler<Object> {

    @Override
    public String taskType() {
        return "test.noop";
    }

    @Override
    public Class<Object> payloadType() {
        return Object.class;
    }

    @Override
    public TaskResult execute(TaskContext context, Object payload) {
        return TaskResult.success();
    }
}
