package com.tudicloud.asynctask.worker.schedule;

import com.tudicloud.asynctask.api.RecurringTask;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.spi.ScheduleDefinition;
import com.tudicloud.asynctask.api.spi.PayloadCodec;
import com.tudicloud.asynctask.worker.maintenance.MaintenanceService;
import com.tudicloud.asynctask.worker.policy.TaskTypePolicies;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes the {@link RecurringTask} beans of the application to the database once its beans are ready:
 * new ones are created, changed ones updated, and an operator's pause or resume is left as it is. Two
 * declarations of one name, or one that is invalid, stop the start with a message naming it. A database
 * that cannot be reached then does not: the declarations are written when it answers, tried again every
 * {@link #RETRY_INTERVAL}.
 */
public final class DeclaredSchedules {

    static final Duration RETRY_INTERVAL = Duration.ofSeconds(5);
    private static final Logger log = LoggerFactory.getLogger(DeclaredSchedules.class);

    private final List<ScheduleDefinition> pending = new ArrayList<>();
    private final List<Boolean> pausedIfNew = new ArrayList<>();
    private final ScheduleOperations operations;
    private volatile MaintenanceService retries;

    public DeclaredSchedules(List<RecurringTask> declared, ScheduleOperations operations, PayloadCodec codec,
                             TaskTypePolicies policies) {
        this.operations = operations;
        Set<String> names = new HashSet<>();
        for (RecurringTask task : declared) {
            if (!names.add(task.name())) {
                throw new IllegalStateException("two RecurringTask beans are named " + task.name());
            }
            ScheduleDefinition definition = definition(task, codec, policies);
            try {
                ScheduleValidation.validate(definition, Instant.now());
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("RecurringTask " + task.name() + " is invalid: " + e.getMessage(), e);
            }
            pending.add(definition);
            pausedIfNew.add(task.paused());
        }
    }

    /** Writes the declarations now; if the database cannot be reached, again every {@link #RETRY_INTERVAL} until it can. */
    public void write() {
        if (!writePending()) {
            MaintenanceService writer = new MaintenanceService("async-task-declared-schedules", RETRY_INTERVAL,
                    RETRY_INTERVAL) {
                @Override
                protected void runRound() {
                    if (writePending()) {
                        stop();
                    }
                }
            };
            retries = writer;
            writer.start();
        }
    }

    /** @return whether every declaration is written */
    private synchronized boolean writePending() {
        while (!pending.isEmpty()) {
            try {
                ScheduleOperations.Declared outcome = operations.declare(pending.get(0), pausedIfNew.get(0));
                log.info("Recurring task {}: {}", pending.get(0).name(), outcome);
            } catch (RuntimeException e) {
                log.warn("Could not write recurring task {} to the database; trying again in {}: {}",
                        pending.get(0).name(), RETRY_INTERVAL, e.toString());
                return false;
            }
            pending.remove(0);
            pausedIfNew.remove(0);
        }
        return true;
    }

    /** Gives up writing what is not written yet. */
    public void stop() {
        MaintenanceService writer = retries;
        if (writer != null) {
            writer.stop();
        }
    }

    /**
     * The definition the store keeps for a declaration: its payload as JSON, its interval in milliseconds, and
     * the task type's policy for a priority or attempt budget the declaration leaves out.
     */
    static ScheduleDefinition definition(RecurringTask task, PayloadCodec codec, TaskTypePolicies policies) {
        TaskRequest request = task.task();
        return new ScheduleDefinition(task.name(), task.cron(),
                task.interval() == null ? null : Duration.ofMillis(task.interval().toMillis()),
                task.zone().getId(), request.taskType(), codec.write(request.payload()),
                policies.priority(request.taskType(), request.priority()),
                policies.maxAttempts(request.taskType(), request.maxAttempts()), request.ownerId(),
                task.misfirePolicy(), task.misfireBound(), task.overlapPolicy());
    }
}
