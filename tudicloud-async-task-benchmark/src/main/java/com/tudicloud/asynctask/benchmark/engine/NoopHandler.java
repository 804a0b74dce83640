package com.tudicloud.asynctask.benchmark.engine;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskResult;

import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** Task type {@value #TYPE}: does nothing, and counts how often it ran. */
public final class NoopHandler implements TaskHandler<Map<?, ?>> {

    public static final String TYPE = "bench.noop";

    private final LongAdder executions = new LongAdder();

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
    public TaskResult execute(TaskContext context, Map<?, ?> payload) {
        executions.increment();
        return TaskResult.success();
    }

    public long executions() {
        return executions.sum();
    }
}
