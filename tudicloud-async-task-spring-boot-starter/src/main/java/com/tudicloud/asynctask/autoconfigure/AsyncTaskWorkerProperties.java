package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.api.TimeoutAction;
import com.tudicloud.asynctask.worker.WorkerConfig;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A worker's settings, under {@code async-task.worker}. Defaults: a 60 s lease renewed every 10 s, expired leases
 * recovered every 30 s, so a lease survives several missed renewals.
 */
@ConfigurationProperties("async-task.worker")
public class AsyncTaskWorkerProperties {

    /**
     * Whether this application runs a worker. Unset, it runs one when it has a TaskHandler bean; true runs
     * one without handlers too (it then recovers expired leases and prunes finished tasks); false never.
     */
    private Boolean enabled;

    /** Written to lease_owner; defaults to host name, process id and a random suffix. */
    private String workerId;

    /** How long a claim or renewal holds a task. At least 3 x the heartbeat interval, so that one missed renewal loses no lease. */
    private Duration leaseTimeout = Duration.ofSeconds(60);

    /** How often the leases of running tasks are renewed, in one round for all of them. */
    private Duration heartbeatInterval = Duration.ofSeconds(10);

    /**
     * How often this worker refreshes its row in the worker registry, which operators see; a worker
     * silent for three of these intervals no longer counts as live.
     */
    private Duration registryRefreshInterval = Duration.ofSeconds(20);

    /** How often expired leases are looked for. At most twice the lease timeout. */
    private Duration recoveryInterval = Duration.ofSeconds(30);

    /** Expired leases recovered per transaction. */
    private int recoveryBatchSize = 100;

    /** Batches per recovery round, at most. */
    private int recoveryMaxBatches = 10;

    /** Pause between two recovery batches of one round. */
    private Duration recoveryBatchPause = Duration.ofMillis(100);

    /** How long one execution may run before it is interrupted. */
    private Duration maxExecutionTime = Duration.ofMinutes(5);

    /** What becomes of a task that ran past max-execution-time. */
    private TimeoutAction timeoutAction = TimeoutAction.RETRY;

    /** How long an idle worker waits between two claims; a task submitted in this JVM wakes it earlier. */
    private Duration pollInterval = Duration.ofSeconds(1);

    /** Tasks this worker runs at once: its slots, each a thread while it runs a handler. */
    private int slots = 8;

    /**
     * How long claimed tasks may wait on this worker for a free slot, judged by recent execution times:
     * with short tasks and a backlog the worker claims ahead of its slots (up to 16 per slot), in larger batches; with
     * long ones only for free slots. 0 claims for free slots only.
     */
    private Duration prefetchWindow = Duration.ofMillis(100);

    /**
     * Sets the fleet-wide cap on leased tasks of all types when this worker starts (the last worker to start
     * sets it for all); 0 leaves the fleet's cap as it is.
     */
    private int globalLimit = 0;

    /**
     * Sets the fleet-wide cap on leased tasks of each type named when this worker starts (the last worker to
     * start sets it for all), by task type.
     */
    private Map<String, Integer> typeLimits = new LinkedHashMap<>();

    /** How often the worker reads the fleet's caps on leased tasks from the database: a changed cap reaches every worker within this time. */
    private Duration limitsRefreshInterval = Duration.ofSeconds(10);

    /** On shutdown, how long running tasks may finish before they are interrupted and handed back; defaults to lease-timeout. */
    private Duration shutdownTimeout;

    /** Outcomes written together in one group (one statement for a group of successes), at most. */
    private int completionBatchSize = 500;

    @NestedConfigurationProperty
    private final AsyncTaskRetryProperties retry = new AsyncTaskRetryProperties();

    public Boolean getEnabled() {
        return enabled;
    }

    public void setEnabled(Boolean enabled) {
        this.enabled = enabled;
    }

    public String getWorkerId() {
        return workerId;
    }

    public void setWorkerId(String workerId) {
        this.workerId = workerId;
    }

    public Duration getLeaseTimeout() {
        return leaseTimeout;
    }

    public void setLeaseTimeout(Duration leaseTimeout) {
        this.leaseTimeout = leaseTimeout;
    }

    public Duration getHeartbeatInterval() {
        return heartbeatInterval;
    }

    public void setHeartbeatInterval(Duration heartbeatInterval) {
        this.heartbeatInterval = heartbeatInterval;
    }

    public Duration getRegistryRefreshInterval() {
        return registryRefreshInterval;
    }

    public void setRegistryRefreshInterval(Duration registryRefreshInterval) {
        this.registryRefreshInterval = registryRefreshInterval;
    }

    public Duration getRecoveryInterval() {
        return recoveryInterval;
    }

    public void setRecoveryInterval(Duration recoveryInterval) {
        this.recoveryInterval = recoveryInterval;
    }

    public int getRecoveryBatchSize() {
        return recoveryBatchSize;
    }

    public void setRecoveryBatchSize(int recoveryBatchSize) {
        this.recoveryBatchSize = recoveryBatchSize;
    }

    public int getRecoveryMaxBatches() {
        return recoveryMaxBatches;
    }

    public void setRecoveryMaxBatches(int recoveryMaxBatches) {
        this.recoveryMaxBatches = recoveryMaxBatches;
    }

    public Duration getRecoveryBatchPause() {
        return recoveryBatchPause;
    }

    public void setRecoveryBatchPause(Duration recoveryBatchPause) {
        this.recoveryBatchPause = recoveryBatchPause;
    }

    public Duration getMaxExecutionTime() {
        return maxExecutionTime;
    }

    public void setMaxExecutionTime(Duration maxExecutionTime) {
        this.maxExecutionTime = maxExecutionTime;
    }

    public TimeoutAction getTimeoutAction() {
        return timeoutAction;
    }

    public void setTimeoutAction(TimeoutAction timeoutAction) {
        this.timeoutAction = timeoutAction;
    }

    public Duration getPollInterval() {
        return pollInterval;
    }

    public void setPollInterval(Duration pollInterval) {
        this.pollInterval = pollInterval;
    }

    public int getSlots() {
        return slots;
    }

    public void setSlots(int slots) {
        this.slots = slots;
    }

    public Duration getPrefetchWindow() {
        return prefetchWindow;
    }

    public void setPrefetchWindow(Duration prefetchWindow) {
        this.prefetchWindow = prefetchWindow;
    }

    public int getGlobalLimit() {
        return globalLimit;
    }

    public void setGlobalLimit(int globalLimit) {
        this.globalLimit = globalLimit;
    }

    public Duration getLimitsRefreshInterval() {
        return limitsRefreshInterval;
    }

    public void setLimitsRefreshInterval(Duration limitsRefreshInterval) {
        this.limitsRefreshInterval = limitsRefreshInterval;
    }

    public Map<String, Integer> getTypeLimits() {
        return typeLimits;
    }

    public void setTypeLimits(Map<String, Integer> typeLimits) {
        this.typeLimits = typeLimits;
    }

    public Duration getShutdownTimeout() {
        return shutdownTimeout;
    }

    public void setShutdownTimeout(Duration shutdownTimeout) {
        this.shutdownTimeout = shutdownTimeout;
    }

    public int getCompletionBatchSize() {
        return completionBatchSize;
    }

    public void setCompletionBatchSize(int completionBatchSize) {
        this.completionBatchSize = completionBatchSize;
    }

    public AsyncTaskRetryProperties getRetry() {
        return retry;
    }

    /** @throws com.tudicloud.asynctask.worker.InvalidAsyncTaskSettingsException naming every setting out of range */
    public WorkerConfig toConfig() {
        return WorkerConfig.builder().workerId(workerId).leaseTimeout(leaseTimeout).heartbeatInterval(heartbeatInterval)
                .registryRefreshInterval(registryRefreshInterval).recoveryInterval(recoveryInterval)
                .recoveryBatchSize(recoveryBatchSize).recoveryMaxBatches(recoveryMaxBatches)
                .recoveryBatchPause(recoveryBatchPause).maxExecutionTime(maxExecutionTime).timeoutAction(timeoutAction)
                .pollInterval(pollInterval).slots(slots).prefetchWindow(prefetchWindow).globalLimit(globalLimit)
                .typeLimits(typeLimits).limitsRefreshInterval(limitsRefreshInterval).shutdownTimeout(shutdownTimeout)
                .completionBatchSize(completionBatchSize).initialBackoff(retry.getInitialBackoff())
                .backoffMultiplier(retry.getMultiplier()).maxBackoff(retry.getMaxBackoff()).jitter(retry.getJitter())
                .build();
    }
}
