package com.tudicloud.asynctask.client;

import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.PayloadCodec;

import java.time.Clock;
import java.time.Duration;

/**
 * Turns a request into the row to insert: its payload serialised, and what it does not name (priority, max
 * attempts, key) taken from its task type. The client and a running task's children go through this one path,
 * so a child is checked and filled in exactly as a submit is.
 */
public final class NewTaskConverter {

    private final PayloadCodec codec;
    private final Clock clock;

    public NewTaskConverter(PayloadCodec codec, Clock clock) {
        this.codec = codec;
        this.clock = clock;
    }

    /** @param traceParent the trace context the row continues, or null */
    public NewTask toNewTask(TaskRequest request, TaskTypeDefaults known, String traceParent) {
        String payloadJson = codec.write(request.payload());
        String key = request.key() != null ? request.key()
                : PayloadKeys.keyOf(request.taskType(), known.keyField(request.taskType()), payloadJson);
        return new NewTask(request.taskType(), payloadJson,
                known.priority(request.taskType(), request.priority()), delayMillis(request),
                known.maxAttempts(request.taskType(), request.maxAttempts()), request.ownerId(), request.dedupKey(), key,
                traceParent, request.after(), request.ifDependencyFails());
    }

    /**
     * A run-at instant becomes a delay on this JVM's clock: the database's clock then decides when it
     * is due, as it decides everything else about time.
     */
    public long delayMillis(TaskRequest request) {
        Duration delay = request.runAt() != null
                ? Duration.between(clock.instant(), request.runAt())
                : request.delay();
        return Math.max(0, delay.toMillis());
    }
}
