package com.tudicloud.asynctask.worker;

import com.tudicloud.asynctask.api.TaskPolicy;
import com.tudicloud.asynctask.api.TaskRequest;

import java.time.Duration;
import java.util.Map;

/**
 * A worker's settings, checked when built ({@link WorkerConfigBuilder#build()} names every one out of range, as its
 * {@code async-task.worker} property, and the constraints between lease, heartbeat and recovery). Immutable;
 * durations are {@link Duration}s down to the store. The defaults are those of the properties.
 */
public final class WorkerConfig {

    private final String workerId;
    private final Duration leaseTimeout;
    private final Duration heartbeatInterval;
    private final Duration registryRefreshInterval;
    private final Duration recoveryInterval;
    private final int recoveryBatchSize;
    private final int recoveryMaxBatches;
    private final Duration recoveryBatchPause;
    private final Duration pollInterval;
    private final int slots;
    private final Duration prefetchWindow;
    private final int globalLimit;
    private final Map<String, Integer> typeLimits;
    private final Duration limitsRefreshInterval;
    private final Duration shutdownTimeout;
    private final int completionBatchSize;
    private final TaskPolicy defaultPolicy;

    WorkerConfig(WorkerConfigBuilder builder) {
        this.workerId = builder.workerId != null ? builder.workerId : WorkerIds.generate();
        this.leaseTimeout = builder.leaseTimeout;
        this.heartbeatInterval = builder.heartbeatInterval;
        this.registryRefreshInterval = builder.registryRefreshInterval;
        this.recoveryInterval = builder.recoveryInterval;
        this.recoveryBatchSize = builder.recoveryBatchSize;
        this.recoveryMaxBatches = builder.recoveryMaxBatches;
        this.recoveryBatchPause = builder.recoveryBatchPause;
        this.pollInterval = builder.pollInterval;
        this.slots = builder.slots;
        this.prefetchWindow = builder.prefetchWindow;
        this.globalLimit = builder.globalLimit;
        this.typeLimits = Map.copyOf(builder.typeLimits);
        this.limitsRefreshInterval = builder.limitsRefreshInterval;
        this.shutdownTimeout = builder.shutdownTimeout != null ? builder.shutdownTimeout : builder.leaseTimeout;
        this.completionBatchSize = builder.completionBatchSize;
        this.defaultPolicy = new TaskPolicy(TaskRequest.DEFAULT_MAX_ATTEMPTS, 0,
                new TaskPolicy.Retry(builder.initialBackoff, builder.backoffMultiplier, builder.maxBackoff, builder.jitter),
                builder.maxExecutionTime, builder.timeoutAction, null, null, null, null, null, null, null, null);
    }

    public static WorkerConfigBuilder builder() {
        return new WorkerConfigBuilder();
    }

    /** Written to lease_owner; the host name, the process id and a random suffix unless set. */
    public String workerId() {
        return workerId;
    }

    /** How long a claim or renewal holds a task. */
    public Duration leaseTimeout() {
        return leaseTimeout;
    }

    /** How often the leases of running tasks are renewed, in one round for all of them. */
    public Duration heartbeatInterval() {
        return heartbeatInterval;
    }

    /** How often this worker refreshes its row in the worker registry. */
    public Duration registryRefreshInterval() {
        return registryRefreshInterval;
    }

    /** A worker whose registry row is older than this no longer counts as live (the fleet is assumed to share this setting). */
    public Duration liveWorkerSilence() {
        return registryRefreshInterval.multipliedBy(3);
    }

    public Duration recoveryInterval() {
        return recoveryInterval;
    }

    public int recoveryBatchSize() {
        return recoveryBatchSize;
    }

    public int recoveryMaxBatches() {
        return recoveryMaxBatches;
    }

    public Duration recoveryBatchPause() {
        return recoveryBatchPause;
    }

    /** How long an idle worker waits between two claims. */
    public Duration pollInterval() {
        return pollInterval;
    }

    public int slots() {
        return slots;
    }

    public Duration prefetchWindow() {
        return prefetchWindow;
    }

    /** The fleet-wide cap on leased tasks of all types this worker sets when it starts; 0 sets none. */
    public int globalLimit() {
        return globalLimit;
    }

    /** The fleet-wide caps on leased tasks of the types named, which this worker sets when it starts. */
    public Map<String, Integer> typeLimits() {
        return typeLimits;
    }

    public Duration limitsRefreshInterval() {
        return limitsRefreshInterval;
    }

    /** On a stop, how long running tasks may finish before they are interrupted and handed back. */
    public Duration shutdownTimeout() {
        return shutdownTimeout;
    }

    public int completionBatchSize() {
        return completionBatchSize;
    }

    /**
     * What a task type runs under where neither its properties nor its handler say otherwise: every setting
     * decided (3 attempts, priority 0, no concurrency limit, every exception retried).
     */
    public TaskPolicy defaultPolicy() {
        return defaultPolicy;
    }
}
