package com.tudicloud.asynctask.client;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The client's meters: async_task_submitted_total by type and created, async_task_db_retries_total by operation. */
public class MicrometerClientMetrics implements ClientMetrics {

    private static final String PREFIX = "async.task.";
    /** The store operations that retry on a deadlock; their counters exist from the start, at zero, for alerts. */
    private static final List<String> RETRYING_OPERATIONS = List.of("claim", "renew", "complete", "recover");

    private final MeterRegistry registry;
    // looked up once per tag set: building a meter id costs more than the count
    private final Map<List<String>, Counter> submittedByTypeAndCreated = new ConcurrentHashMap<>();

    public MicrometerClientMetrics(MeterRegistry registry) {
        this.registry = registry;
        RETRYING_OPERATIONS.forEach(this::retriesCounter);
    }

    @Override
    public void submitted(String taskType, boolean created) {
        String createdTag = String.valueOf(created);
        submittedByTypeAndCreated.computeIfAbsent(List.of(taskType, createdTag), tags -> Counter.builder(PREFIX + "submitted")
                        .description("Tasks submitted (created=false: deduplicated)")
                        .tag("type", taskType).tag("created", createdTag).register(registry))
                .increment();
    }

    @Override
    public void databaseRetry(String operation) {
        retriesCounter(operation).increment();
    }

    private Counter retriesCounter(String operation) {
        return Counter.builder(PREFIX + "db.retries").description("Statements retried after a deadlock or lock wait timeout")
                .tag("operation", operation).register(registry);
    }
}
