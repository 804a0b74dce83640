package com.tudicloud.asynctask.worker.metrics;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.FinishedBatch;
import com.tudicloud.asynctask.api.spi.RecoveryBatch;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;

/**
 * The meters of tudicloud-async-task. Prometheus names: async_task_lease_renewal_total and
 * async_task_lease_renewal_success_total (their ratio is the renewal success rate),
 * async_task_lease_expired_total, async_task_recovery_delay_seconds, async_task_heartbeat_failures_total,
 * async_task_claimed_total, async_task_execution_seconds (count = executions
 * by type and the outcome the database took), async_task_pickup_latency_seconds, async_task_claim_batch_size, and the rest
 * listed in docs/operations.md. Tags: task type, outcome, reason; never a task id.
 */
public class MicrometerAsyncTaskMetrics implements AsyncTaskMetrics {

    private static final String PREFIX = "async.task.";
    private static final String UNSTORABLE = "Outcomes the database could not store, written FAILED instead";

    private final MeterRegistry registry;
    private final Counter renewals;
    private final Counter renewalSuccesses;
    private final Counter heartbeatFailures;
    private final DistributionSummary claimBatchSize;
    private final Timer recoveryDelay;
    private final AtomicLong openBatches = new AtomicLong();
    // the meters every task touches, looked up once per tag set: building a meter id costs more than the count
    private final Map<String, Counter> claimedByType = new ConcurrentHashMap<>();
    private final Map<String, Timer> pickupLatencyByType = new ConcurrentHashMap<>();
    private final Map<List<String>, Timer> executionByTypeAndOutcome = new ConcurrentHashMap<>();

    public MicrometerAsyncTaskMetrics(MeterRegistry registry) {
        this.registry = registry;
        Gauge.builder(PREFIX + "batches.open", openBatches, AtomicLong::get)
                .description("Batches not ended yet, as the repair pass last counted them").register(registry);
        this.renewals = Counter.builder(PREFIX + "lease.renewal")
                .description("Lease renewals attempted, one per task per heartbeat").register(registry);
        this.renewalSuccesses = Counter.builder(PREFIX + "lease.renewal.success")
                .description("Lease renewals that found the lease still held").register(registry);
        this.heartbeatFailures = Counter.builder(PREFIX + "heartbeat.failures")
                .description("Heartbeat rounds that could not reach the database").register(registry);
        this.claimBatchSize = DistributionSummary.builder(PREFIX + "claim.batch.size")
                .description("Tasks claimed per claim transaction").publishPercentiles(0.5, 0.99).register(registry);
        this.recoveryDelay = Timer.builder(PREFIX + "recovery.delay")
                .description("How long a lease had been expired when it was recovered")
                .publishPercentiles(0.5, 0.99).register(registry);
        // counters that alerts read exist from the start, at zero
        List.of("requeued", "failed", "cancelled").forEach(this::expired);
    }

    @Override
    public void claimed(int requested, List<ClaimedTask> claimed) {
        claimBatchSize.record(claimed.size());
        for (ClaimedTask task : claimed) {
            claimedByType.computeIfAbsent(task.taskType(), type -> Counter.builder(PREFIX + "claimed")
                    .description("Tasks claimed").tag("type", type).register(registry)).increment();
            pickupLatencyByType.computeIfAbsent(task.taskType(), type -> Timer.builder(PREFIX + "pickup.latency")
                            .description("From due (available_at) to claimed").tag("type", type)
                            .publishPercentileHistogram().register(registry))
                    .record(task.pickupDelayMillis(), TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void leasesRenewed(int attempted, int renewed) {
        renewals.increment(attempted);
        renewalSuccesses.increment(renewed);
    }

    @Override
    public void heartbeatFailed(int attempted) {
        heartbeatFailures.increment();
        renewals.increment(attempted);
    }

    @Override
    public void leaseLost(String taskType) {
        typed("lease.lost", "Executions whose lease was lost while they ran", taskType).increment();
    }

    @Override
    public void executed(String taskType, String outcome, Duration duration) {
        executionByTypeAndOutcome.computeIfAbsent(List.of(taskType, outcome), tags -> Timer.builder(PREFIX + "execution")
                        .description("Executions by task type and what was written")
                        .tag("type", taskType).tag("outcome", outcome).publishPercentileHistogram().register(registry))
                .record(duration);
    }

    @Override
    public void valueAdjusted(String taskType, String field) {
        adjustedCounter(taskType, field).increment();
    }

    @Override
    public void outcomeUnstorable(String taskType) {
        typed("outcome.unstorable", UNSTORABLE, taskType).increment();
    }

    @Override
    public void handlerError(String taskType, Throwable error) {
        Counter.builder(PREFIX + "handler.errors").description("Handlers that threw an Error")
                .tag("type", taskType).tag("error", error.getClass().getSimpleName()).register(registry).increment();
    }

    @Override
    public void stopped(String taskType, String reason) {
        stoppedCounter(taskType, reason).increment();
    }

    @Override
    public void ignoredInterrupt(String taskType) {
        typed("handler.ignored.interrupts", "Handlers still running long after they were interrupted", taskType)
                .increment();
    }

    @Override
    public void outcomeRefused(String taskType) {
        typed("outcome.refused", "Outcomes refused because the lease was no longer held (stale writes)", taskType)
                .increment();
    }

    @Override
    public void recovered(RecoveryBatch batch) {
        expired("requeued").increment(batch.requeued());
        expired("failed").increment(batch.failed());
        expired("cancelled").increment(batch.cancelled());
        batch.expiredForMillis().forEach(millis -> recoveryDelay.record(Duration.ofMillis(millis)));
    }

    @Override
    public void batchesFinished(List<FinishedBatch> finished) {
        finished.forEach(batch -> {
            Counter.builder(PREFIX + "batches.completed").description("Batches ended, by their end")
                    .tag("state", batch.state().name()).register(registry).increment();
            Counter.builder(PREFIX + "batch.callbacks").description("Callback tasks inserted by the end of a batch")
                    .register(registry).increment(batch.callbacks());
        });
    }

    @Override
    public void batchesRepaired(List<FinishedBatch> repaired) {
        Counter.builder(PREFIX + "batch.repairs")
                .description("Batches found with every child ended and still open, and ended by the repair pass")
                .register(registry).increment(repaired.size());
        batchesFinished(repaired);
    }

    @Override
    public void batchesOpen(long count) {
        openBatches.set(count);
    }

    @Override
    public void retentionDeleted(TaskStatus status, int count) {
        retentionCounter(status).increment(count);
    }

    @Override
    public void scheduleFired(String schedule, int tasks, int missed, int misfireSkips, int overlapSkips) {
        Counter.builder(PREFIX + "schedule.fires").description("Tasks submitted by schedules at their fire times")
                .tag("schedule", schedule).register(registry).increment(tasks);
        Counter.builder(PREFIX + "schedule.misfires")
                .description("Fire times found older than the misfire threshold (fired, coalesced or skipped by policy)")
                .tag("schedule", schedule).register(registry).increment(missed);
        Counter.builder(PREFIX + "schedule.skips").description("Fire times that submitted no task")
                .tag("schedule", schedule).tag("reason", "misfire").register(registry).increment(misfireSkips);
        Counter.builder(PREFIX + "schedule.skips").description("Fire times that submitted no task")
                .tag("schedule", schedule).tag("reason", "overlap").register(registry).increment(overlapSkips);
    }

    @Override
    public void bindWorker(IntSupplier leasedTasks, IntSupplier runningHandlers, IntSupplier freeSlots,
                           Set<String> taskTypes) {
        for (String type : taskTypes) {
            typed("lease.lost", "Executions whose lease was lost while they ran", type);
            typed("outcome.refused", "Outcomes refused because the lease was no longer held (stale writes)", type);
            typed("outcome.unstorable", UNSTORABLE, type);
            typed("handler.ignored.interrupts", "Handlers still running long after they were interrupted", type);
            for (String field : List.of("artifact_id", "last_error", "progress_message", "retry_delay")) {
                adjustedCounter(type, field);
            }
            for (String reason : List.of("cancel_requested", "lease_lost", "timed_out", "shutdown")) {
                stoppedCounter(type, reason);
            }
        }
        for (TaskStatus status : List.of(TaskStatus.SUCCESS, TaskStatus.FAILED, TaskStatus.CANCELLED)) {
            retentionCounter(status);
        }
        Gauge.builder(PREFIX + "worker.running", runningHandlers, IntSupplier::getAsInt).strongReference(true)
                .description("Handlers running on this worker's slots").register(registry);
        Gauge.builder(PREFIX + "worker.leases", leasedTasks, IntSupplier::getAsInt).strongReference(true)
                .description("Tasks this worker holds a lease on: running, waiting for a slot, or with an outcome "
                        + "being written").register(registry);
        Gauge.builder(PREFIX + "worker.free.slots", freeSlots, IntSupplier::getAsInt).strongReference(true)
                .description("Slots of this worker free for claims").register(registry);
    }

    private Counter adjustedCounter(String taskType, String field) {
        return Counter.builder(PREFIX + "handler.values.adjusted")
                .description("Values handlers returned or reported that were adjusted to fit the store")
                .tag("type", taskType).tag("field", field).register(registry);
    }

    private Counter stoppedCounter(String taskType, String reason) {
        return Counter.builder(PREFIX + "stopped").description("Executions the worker interrupted")
                .tag("type", taskType).tag("reason", reason).register(registry);
    }

    private Counter retentionCounter(TaskStatus status) {
        return Counter.builder(PREFIX + "retention.deleted").description("Finished tasks deleted by retention")
                .tag("status", status.name()).register(registry);
    }

    private Counter expired(String outcome) {
        return Counter.builder(PREFIX + "lease.expired").description("Expired leases recovered, by what became of the task")
                .tag("outcome", outcome).register(registry);
    }

    private Counter typed(String name, String description, String taskType) {
        return Counter.builder(PREFIX + name).description(description).tag("type", taskType).register(registry);
    }
}
