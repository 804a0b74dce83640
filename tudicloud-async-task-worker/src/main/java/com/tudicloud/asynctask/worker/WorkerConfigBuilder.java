package com.tudicloud.asynctask.worker;

import com.tudicloud.asynctask.api.TimeoutAction;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** A {@link WorkerConfig}'s settings, each at its default until set. */
public final class WorkerConfigBuilder {

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

    WorkerConfigBuilder() {
    }

    /** null: generated */
    public WorkerConfigBuilder workerId(String workerId) {
        this.workerId = workerId;
        return this;
    }

    public WorkerConfigBuilder leaseTimeout(Duration leaseTimeout) {
        this.leaseTimeout = leaseTimeout;
        return this;
    }

    public WorkerConfigBuilder heartbeatInterval(Duration heartbeatInterval) {
        this.heartbeatInterval = heartbeatInterval;
        return this;
    }

    public WorkerConfigBuilder registryRefreshInterval(Duration registryRefreshInterval) {
        this.registryRefreshInterval = registryRefreshInterval;
        return this;
    }

    public WorkerConfigBuilder recoveryInterval(Duration recoveryInterval) {
        this.recoveryInterval = recoveryInterval;
        return this;
    }

    public WorkerConfigBuilder recoveryBatchSize(int recoveryBatchSize) {
        this.recoveryBatchSize = recoveryBatchSize;
        return this;
    }

    public WorkerConfigBuilder recoveryMaxBatches(int recoveryMaxBatches) {
        this.recoveryMaxBatches = recoveryMaxBatches;
        return this;
    }

    public WorkerConfigBuilder recoveryBatchPause(Duration recoveryBatchPause) {
        this.recoveryBatchPause = recoveryBatchPause;
        return this;
    }

    public WorkerConfigBuilder maxExecutionTime(Duration maxExecutionTime) {
        this.maxExecutionTime = maxExecutionTime;
        return this;
    }

    public WorkerConfigBuilder timeoutAction(TimeoutAction timeoutAction) {
        this.timeoutAction = timeoutAction;
        return this;
    }

    public WorkerConfigBuilder pollInterval(Duration pollInterval) {
        this.pollInterval = pollInterval;
        return this;
    }

    public WorkerConfigBuilder slots(int slots) {
        this.slots = slots;
        return this;
    }

    public WorkerConfigBuilder prefetchWindow(Duration prefetchWindow) {
        this.prefetchWindow = prefetchWindow;
        return this;
    }

    public WorkerConfigBuilder globalLimit(int globalLimit) {
        this.globalLimit = globalLimit;
        return this;
    }

    public WorkerConfigBuilder typeLimit(String taskType, Integer limit) {
        typeLimits.put(Objects.requireNonNull(taskType, "taskType"), limit);
        return this;
    }

    public WorkerConfigBuilder typeLimits(Map<String, Integer> limits) {
        limits.forEach(this::typeLimit);
        return this;
    }

    public WorkerConfigBuilder limitsRefreshInterval(Duration limitsRefreshInterval) {
        this.limitsRefreshInterval = limitsRefreshInterval;
        return this;
    }

    /** null: the lease timeout */
    public WorkerConfigBuilder shutdownTimeout(Duration shutdownTimeout) {
        this.shutdownTimeout = shutdownTimeout;
        return this;
    }

    public WorkerConfigBuilder completionBatchSize(int completionBatchSize) {
        this.completionBatchSize = completionBatchSize;
        return this;
    }

    /** The delay before the second attempt of a task whose handler threw. */
    public WorkerConfigBuilder initialBackoff(Duration initialBackoff) {
        this.initialBackoff = initialBackoff;
        return this;
    }

    public WorkerConfigBuilder backoffMultiplier(double backoffMultiplier) {
        this.backoffMultiplier = backoffMultiplier;
        return this;
    }

    public WorkerConfigBuilder maxBackoff(Duration maxBackoff) {
        this.maxBackoff = maxBackoff;
        return this;
    }

    public WorkerConfigBuilder jitter(double jitter) {
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
