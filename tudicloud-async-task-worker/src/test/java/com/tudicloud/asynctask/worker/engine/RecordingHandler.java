package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.testing.ExecutionLog;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A test handler that records what ran: executions per task, the most ran at once, and any task
 * that two executions ran at the same time; and each execution's start and finish in an
 * {@link ExecutionLog}, which handlers of several types may share to check limits across them.
 */
class RecordingHandler<P> implements TaskHandler<P> {

    @FunctionalInterface
    interface Body<P> {
        TaskResult run(TaskContext context, P payload) throws Exception;
    }

    final Map<Long, AtomicInteger> executions = new ConcurrentHashMap<>();
    final Map<Long, AtomicInteger> runningNow = new ConcurrentHashMap<>();
    final AtomicInteger overlaps = new AtomicInteger();
    final AtomicInteger concurrent = new AtomicInteger();
    final AtomicInteger maxConcurrent = new AtomicInteger();
    final Map<Long, TaskContext> contexts = new ConcurrentHashMap<>();

    private final String type;
    private final Class<P> payloadType;
    private final Body<P> body;
    final ExecutionLog log;

    RecordingHandler(String type, Class<P> payloadType, Body<P> body) {
        this(type, payloadType, new ExecutionLog(), body);
    }

    RecordingHandler(String type, Class<P> payloadType, ExecutionLog log, Body<P> body) {
        this.type = type;
        this.payloadType = payloadType;
        this.log = log;
        this.body = body;
    }

    static RecordingHandler<Object> succeeding(String type) {
        return returning(type, TaskResult.success());
    }

    static RecordingHandler<Object> returning(String type, TaskResult result) {
        return new RecordingHandler<>(type, Object.class, (context, payload) -> result);
    }

    @Override
    public String taskType() {
        return type;
    }

    @Override
    public Class<P> payloadType() {
        return payloadType;
    }

    @Override
    public TaskResult execute(TaskContext context, P payload) throws Exception {
        long id = context.taskId();
        ExecutionLog.Entry entry = log.started(id, type, Thread.currentThread().getName());
        contexts.put(id, context);
        executions.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
        if (runningNow.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet() > 1) {
            overlaps.incrementAndGet();
        }
        maxConcurrent.accumulateAndGet(concurrent.incrementAndGet(), Math::max);
        try {
            return body.run(context, payload);
        } finally {
            concurrent.decrementAndGet();
            runningNow.get(id).decrementAndGet();
            log.finished(entry);
        }
    }

    int executionsOf(long taskId) {
        AtomicInteger count = executions.get(taskId);
        return count == null ? 0 : count.get();
    }

    int totalExecutions() {
        return executions.values().stream().mapToInt(AtomicInteger::get).sum();
    }
}
