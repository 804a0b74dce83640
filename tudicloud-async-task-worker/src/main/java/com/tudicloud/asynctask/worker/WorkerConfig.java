package com.tudicloud.asynctask.worker;

import com.tudicloud.asynctask.api.TaskPolicy;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TimeoutAction;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A worker's settings, checked when built ({@link Builder#build()} names every one out of range, as its
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

    private WorkerConfig(Builder builder) {
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

    public static Builder builder() {
        return new Builder();
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

    /** A {@link WorkerConfig}'s settings, each at its default until set. */
    public static final class Builder {

        String workerId;
        Duration leaseTimeout = Duration.ofSeconds(60);
        Duration heartbeatInterval = Duration.ofSeconds(10);
        Duration registryRefreshInterval = Duration.ofSeconds(20);
        Duration recoveryInterval = Duration.ofSeconds(30);
        int recoveryBatchSize = 100;
        int recoveryMaxBatches = 10;
        Duration recoveryBatchPause = Duration.ofMillis(100);
        Duration maxExecutionTime = Duration.ofMinutes(5);
        TimeoutAction timeoutAction = TimeoutAction.RETRY;
        Duration pollInterval = Duration.ofSeconds(1);
        int slots = 8;
        Duration prefetchWindow = Duration.ofMillis(100);
        int globalLimit;
        final Map<String, Integer> typeLimits = new LinkedHashMap<>();
        Duration limitsRefreshInterval = Duration.ofSeconds(10);
        Duration shutdownTimeout;
        int completionBatchSize = 500;
        Duration initialBackoff = Duration.ofSeconds(1);
        double backoffMultiplier = 2.0;
        Duration maxBackoff = Duration.ofMinutes(5);
        double jitter = 0.2;

        private Builder() {
        }

        /** null: generated */
        public Builder workerId(String workerId) {
            this.workerId = workerId;
            return this;
        }

        public Builder leaseTimeout(Duration leaseTimeout) {
            this.leaseTimeout = leaseTimeout;
            return this;
        }

        public Builder heartbeatInterval(Duration heartbeatInterval) {
            this.heartbeatInterval = heartbeatInterval;
            return this;
        }

        public Builder registryRefreshInterval(Duration registryRefreshInterval) {
            this.registryRefreshInterval = registryRefreshInterval;
            return this;
        }

        public Builder recoveryInterval(Duration recoveryInterval) {
            this.recoveryInterval = recoveryInterval;
            return this;
        }

        public Builder recoveryBatchSize(int recoveryBatchSize) {
            this.recoveryBatchSize = recoveryBatchSize;
            return this;
        }

        public Builder recoveryMaxBatches(int recoveryMaxBatches) {
            this.recoveryMaxBatches = recoveryMaxBatches;
            return this;
        }

        public Builder recoveryBatchPause(Duration recoveryBatchPause) {
            this.recoveryBatchPause = recoveryBatchPause;
            return this;
        }

        public Builder maxExecutionTime(Duration maxExecutionTime) {
            this.maxExecutionTime = maxExecutionTime;
            return this;
        }

        public Builder timeoutAction(TimeoutAction timeoutAction) {
            this.timeoutAction = timeoutAction;
            return this;
        }

        public Builder pollInterval(Duration pollInterval) {
            this.pollInterval = pollInterval;
            return this;
        }

        public Builder slots(int slots) {
            this.slots = slots;
            return this;
        }

        public Builder prefetchWindow(Duration prefetchWindow) {
            this.prefetchWindow = prefetchWindow;
            return this;
        }

        public Builder globalLimit(int globalLimit) {
            this.globalLimit = globalLimit;
            return this;
        }

        public Builder typeLimits(Map<String, Integer> limits) {
            limits.forEach((taskType, limit) -> typeLimits.put(Objects.requireNonNull(taskType, "taskType"), limit));
            return this;
        }

        public Builder limitsRefreshInterval(Duration limitsRefreshInterval) {
            this.limitsRefreshInterval = limitsRefreshInterval;
            return this;
        }

        /** null: the lease timeout */
        public Builder shutdownTimeout(Duration shutdownTimeout) {
            this.shutdownTimeout = shutdownTimeout;
            return this;
        }

        public Builder completionBatchSize(int completionBatchSize) {
            this.completionBatchSize = completionBatchSize;
            return this;
        }

        /** The delay before the second attempt of a task whose handler threw. */
        public Builder initialBackoff(Duration initialBackoff) {
            this.initialBackoff = initialBackoff;
            return this;
        }

        public Builder backoffMultiplier(double backoffMultiplier) {
            this.backoffMultiplier = backoffMultiplier;
            return this;
        }

        public Builder maxBackoff(Duration maxBackoff) {
            this.maxBackoff = maxBackoff;
            return this;
        }

        public Builder jitter(double jitter) {
            this.jitter = jitter;
            return this;
        }

        /** @throws InvalidAsyncTaskSettingsException naming every setting out of range */
        public WorkerConfig build() {
            WorkerConfig config = new WorkerConfig(this);
            WorkerSettingsValidator.validate(config);
            return config;
        }
    }
}
