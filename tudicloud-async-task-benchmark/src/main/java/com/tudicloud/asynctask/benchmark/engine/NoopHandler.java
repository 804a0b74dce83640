package com.tudicloud.asynctask.benchmark.engine;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskPolicy;
import com.tudicloud.asynctask.api.TaskResult;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Does nothing (or sleeps a fixed time), and counts how often it ran; task type {@value #TYPE} unless told another,
 * optionally under a per-key cap.
 */
public final class NoopHandler implements TaskHandler<Map<?, ?>> {

    public static final String TYPE = "bench.noop";

    private final String taskType;
    private final Duration work;
    private final TaskPolicy policy;
    private final LongAdder executions = new LongAdder();

    public NoopHandler() {
        this(TYPE);
    }

    public NoopHandler(String taskType) {
        this(taskType, Duration.ZERO, TaskPolicy.DEFAULTS);
    }

    /**
     * @param work   how long each execution sleeps; zero for none
     * @param policy the type's policy, e.g. a per-key cap
     */
    public NoopHandler(String taskType, Duration work, TaskPolicy policy) {
        this.taskType = taskType;
        this.work = work;
        this.policy = policy;
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
    public TaskPolicy policy() {
        return policy;
    }

    @Override
    public TaskResult execute(TaskContext context, Map<?, ?> payload) throws InterruptedException {
        executions.increment();
        if (!work.isZero()) {
            Thread.sleep(work.toMillis());
        }
        return TaskResult.success();
    }

    public long executions() {
        return executions.sum();
    }
}
