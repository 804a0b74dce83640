package com.tudicloud.asynctask.worker;

import com.tudicloud.asynctask.api.spi.TaskEventMode;
import com.tudicloud.asynctask.api.TimeoutAction;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every setting of tudicloud-async-task, under {@code async-task}. Defaults: a 60 s lease renewed
 * every 10 s, expired leases recovered every 30 s, so a lease survives several missed renewals. Checked as
 * soon as they are bound ({@link AsyncTaskSettingsValidator}): a value out of range stops start-up naming it.
 */
@ConfigurationProperties("async-task")
public class AsyncTaskProperties implements InitializingBean {

    private final Worker worker = new Worker();

    private final Metrics metrics = new Metrics();

    private final Retention retention = new Retention();

    private final Events events = new Events();
    private final Schedules schedules = new Schedules();

    /**
     * The bean name of the DataSource that holds the async-task tables, for an application with several
     * DataSources; unset, the only DataSource or the @Primary one.
     */
    private String datasource;

    public Worker getWorker() {
        return worker;
    }

    public Metrics getMetrics() {
        return metrics;
    }

    public Retention getRetention() {
        return retention;
    }

    public Events getEvents() {
        return events;
    }

    public Schedules getSchedules() {
        return schedules;
    }

    /** Recurring tasks: every worker runs a scheduler loop; the database makes each fire time fire once. */
    public static class Schedules {

        /** Whether this worker runs the scheduler loop (any number of workers may). */
        private boolean enabled = true;

        /**
         * The longest wait between two polls for due schedules: the scheduler sleeps until the next fire time,
         * but sees schedules created or changed by other JVMs only when it polls.
         */
        private Duration refreshInterval = Duration.ofSeconds(60);

        /** Due schedules claimed per transaction. */
        private int batchSize = 20;

        /**
         * A schedule whose next fire time is older than this when it is fired is behind: its fire times up to now
         * are missed and fire as its misfire policy allows.
         */
        private Duration misfireThreshold = Duration.ofMinutes(1);

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public Duration getRefreshInterval() {
            return refreshInterval;
        }

        public void setRefreshInterval(Duration refreshInterval) {
            this.refreshInterval = refreshInterval;
        }

        public int getBatchSize() {
            return batchSize;
        }

        public void setBatchSize(int batchSize) {
            this.batchSize = batchSize;
        }

        public Duration getMisfireThreshold() {
            return misfireThreshold;
        }

        public void setMisfireThreshold(Duration misfireThreshold) {
            this.misfireThreshold = misfireThreshold;
        }
    }

    public String getDatasource() {
        return datasource;
    }

    public void setDatasource(String datasource) {
        this.datasource = datasource;
    }

    /** Called by Spring once the properties are bound. */
    @Override
    public void afterPropertiesSet() {
        AsyncTaskSettingsValidator.validate(this);
    }

    /** The history of each task, recorded in the transactions that change the tasks. */
    public static class Events {

        /**
         * Which state changes are recorded: {@code failures-only} (all but claims and successes, so a successful
         * task costs nothing; its history reads the claim and success its row tells), {@code full} (all), or
         * {@code off}.
         */
        private TaskEventMode mode = TaskEventMode.FAILURES_ONLY; // TaskEventMode.DEFAULT, spelt out for the metadata

        public TaskEventMode getMode() {
            return mode;
        }

        public void setMode(TaskEventMode mode) {
            this.mode = mode;
        }
    }

    public static class Metrics {

        /** How often the queue depth gauges are read from the database (one query over the QUEUED and SCHEDULED rows). */
        private Duration queueRefreshInterval = Duration.ofSeconds(15);

        public Duration getQueueRefreshInterval() {
            return queueRefreshInterval;
        }

        public void setQueueRefreshInterval(Duration queueRefreshInterval) {
            this.queueRefreshInterval = queueRefreshInterval;
        }
    }

    /** Deleting finished tasks; one worker of the fleet at a time does it, arbitrated by the database. */
    public static class Retention {

        /** Whether workers prune finished tasks. */
        private boolean enabled = true;

        /** How often a round runs (on whichever worker gets the retention lock). */
        private Duration interval = Duration.ofMinutes(10);

        /** SUCCESS tasks finished longer ago than this are deleted. */
        private Duration successAge = Duration.ofDays(7);

        /** FAILED tasks finished longer ago than this are deleted. */
        private Duration failedAge = Duration.ofDays(30);

        /** CANCELLED tasks finished longer ago than this are deleted. */
        private Duration cancelledAge = Duration.ofDays(30);

        /** Records of the admin's audit trail older than this are deleted (by the admin application). */
        private Duration auditAge = Duration.ofDays(365);

        /** Rows deleted per statement: short transactions, short locks. */
        private int batchSize = 1000;

        /** Pause between two batches, so that the database serves claims in between. */
        private Duration batchPause = Duration.ofMillis(50);

        /** Batches per status per round, at most; the rest waits for the next round. */
        private int maxBatches = 200;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public Duration getInterval() {
            return interval;
        }

        public void setInterval(Duration interval) {
            this.interval = interval;
        }

        public Duration getSuccessAge() {
            return successAge;
        }

        public void setSuccessAge(Duration successAge) {
            this.successAge = successAge;
        }

        public Duration getFailedAge() {
            return failedAge;
        }

        public void setFailedAge(Duration failedAge) {
            this.failedAge = failedAge;
        }

        public Duration getAuditAge() {
            return auditAge;
        }

        public void setAuditAge(Duration auditAge) {
            this.auditAge = auditAge;
        }

        public Duration getCancelledAge() {
            return cancelledAge;
        }

        public void setCancelledAge(Duration cancelledAge) {
            this.cancelledAge = cancelledAge;
        }

        public int getBatchSize() {
            return batchSize;
        }

        public void setBatchSize(int batchSize) {
            this.batchSize = batchSize;
        }

        public Duration getBatchPause() {
            return batchPause;
        }

        public void setBatchPause(Duration batchPause) {
            this.batchPause = batchPause;
        }

        public int getMaxBatches() {
            return maxBatches;
        }

        public void setMaxBatches(int maxBatches) {
            this.maxBatches = maxBatches;
        }
    }

    public static class Worker {

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

        private final Retry retry = new Retry();

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

        /** A worker whose registry row is older than this no longer counts as live (the fleet is assumed to share this setting). */
        public Duration liveWorkerSilence() {
            return registryRefreshInterval.multipliedBy(3);
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

        /** The shutdown timeout in force: as set, else the lease timeout. */
        public Duration effectiveShutdownTimeout() {
            return shutdownTimeout != null ? shutdownTimeout : leaseTimeout;
        }

        public int getCompletionBatchSize() {
            return completionBatchSize;
        }

        public void setCompletionBatchSize(int completionBatchSize) {
            this.completionBatchSize = completionBatchSize;
        }

        public Retry getRetry() {
            return retry;
        }
    }

    /** Backoff between attempts of a task whose handler threw: initial x multiplier^(attempt-1), capped, with jitter. */
    public static class Retry {

        /** Delay before the second attempt. */
        private Duration initialBackoff = Duration.ofSeconds(1);

        /** Growth of the delay from one attempt to the next. */
        private double multiplier = 2.0;

        /** The delay never exceeds this. */
        private Duration maxBackoff = Duration.ofMinutes(5);

        /** Random spread of each delay, as a fraction (0.2 = plus or minus 20%). */
        private double jitter = 0.2;

        public Duration getInitialBackoff() {
            return initialBackoff;
        }

        public void setInitialBackoff(Duration initialBackoff) {
            this.initialBackoff = initialBackoff;
        }

        public double getMultiplier() {
            return multiplier;
        }

        public void setMultiplier(double multiplier) {
            this.multiplier = multiplier;
        }

        public Duration getMaxBackoff() {
            return maxBackoff;
        }

        public void setMaxBackoff(Duration maxBackoff) {
            this.maxBackoff = maxBackoff;
        }

        public double getJitter() {
            return jitter;
        }

        public void setJitter(double jitter) {
            this.jitter = jitter;
        }
    }

    /**
     * One task type's settings under {@code async-task.types.<type>}; each one left out is the handler's, else the
     * worker's. Bound per type by {@link TaskTypeProperties}, since a type's name may hold dots.
     */
    public static class TypePolicy {

        /** Executions allowed before a task ends FAILED, for tasks submitted without their own. */
        private Integer maxAttempts;

        /** The priority of tasks submitted without one. */
        private Integer defaultPriority;

        /** How long one execution may run before it is interrupted. */
        private Duration maxExecutionTime;

        /** What becomes of an execution that ran past max-execution-time. */
        private TimeoutAction timeoutAction;

        /** Fleet-wide cap on leased tasks of the type, written to the database when this worker starts. */
        private Integer concurrencyLimit;

        /** Exception classes that end a task FAILED at once, when thrown or found among the causes. */
        private List<Class<?>> nonRetryable = new ArrayList<>();

        private final TypeRetry retry = new TypeRetry();

        public Integer getMaxAttempts() {
            return maxAttempts;
        }

        public void setMaxAttempts(Integer maxAttempts) {
            this.maxAttempts = maxAttempts;
        }

        public Integer getDefaultPriority() {
            return defaultPriority;
        }

        public void setDefaultPriority(Integer defaultPriority) {
            this.defaultPriority = defaultPriority;
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

        public Integer getConcurrencyLimit() {
            return concurrencyLimit;
        }

        public void setConcurrencyLimit(Integer concurrencyLimit) {
            this.concurrencyLimit = concurrencyLimit;
        }

        public List<Class<?>> getNonRetryable() {
            return nonRetryable;
        }

        public void setNonRetryable(List<Class<?>> nonRetryable) {
            this.nonRetryable = nonRetryable;
        }

        public TypeRetry getRetry() {
            return retry;
        }
    }

    /** One task type's retry backoff; each setting left out is the handler's, else the worker's. */
    public static class TypeRetry {

        /** Delay before the second attempt. */
        private Duration initialBackoff;

        /** Growth of the delay from one attempt to the next. */
        private Double multiplier;

        /** The delay never exceeds this. */
        private Duration maxBackoff;

        /** Random spread of each delay, as a fraction. */
        private Double jitter;

        public Duration getInitialBackoff() {
            return initialBackoff;
        }

        public void setInitialBackoff(Duration initialBackoff) {
            this.initialBackoff = initialBackoff;
        }

        public Double getMultiplier() {
            return multiplier;
        }

        public void setMultiplier(Double multiplier) {
            this.multiplier = multiplier;
        }

        public Duration getMaxBackoff() {
            return maxBackoff;
        }

        public void setMaxBackoff(Duration maxBackoff) {
            this.maxBackoff = maxBackoff;
        }

        public Double getJitter() {
            return jitter;
        }

        public void setJitter(Double jitter) {
            this.jitter = jitter;
        }
    }
}
