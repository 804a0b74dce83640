package com.tudicloud.asynctask.benchmark.engine;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskResult;

import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** Does nothing, and counts how often it ran; task type {@value #TYPE} unless told another. */
public final class NoopHandler implements TaskHandler<Map<?, ?>> {

    public static final String TYPE = "bench.noop";

    private final String taskType;
    private final LongAdder executions = new LongAdder();

    public NoopHandler() {
        this(TYPE);
    }

    public NoopHandler(String taskType) {
        this.taskType = taskType;
    }

    @Override
    public String taskType() {
        return taskType;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    @Override
    public Class<Map<?, ?>> payloadType() {
        return (Class) Map.class;
    }

    @Override
    public TaskResult execute(TaskContext context, Map<?, ?> payload) {
        executions.increment();
        return TaskResult.success();
    }

    public long executions() {
        return executions.sum();
    }
}
