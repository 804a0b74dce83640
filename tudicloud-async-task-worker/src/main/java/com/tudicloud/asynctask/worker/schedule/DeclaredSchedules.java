package com.tudicloud.asynctask.worker.schedule;

import com.tudicloud.asynctask.api.RecurringTask;
import com.tudicloud.asynctask.api.spi.ScheduleDefinition;
import com.tudicloud.asynctask.worker.PayloadCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes the {@link RecurringTask} beans of the application to the database once its beans are ready:
 * new ones are created, changed ones updated, and an operator's pause or resume is left as it is. Two
 * declarations of one name, or one that is invalid, stop the start with a message naming it.
 */
public final class DeclaredSchedules implements SmartInitializingSingleton {

    private static final Logger log = LoggerFactory.getLogger(DeclaredSchedules.class);

    private final List<RecurringTask> declared;
    private final ScheduleOperations operations;
    private final PayloadCodec codec;

    public DeclaredSchedules(List<RecurringTask> declared, ScheduleOperations operations, PayloadCodec codec) {
        this.declared = List.copyOf(declared);
        this.operations = operations;
        this.codec = codec;
        Set<String> names = new HashSet<>();
        for (RecurringTask task : declared) {
            if (!names.add(task.name())) {
                throw new IllegalStateException("two RecurringTask beans are named " + task.name());
            }
        }
    }

    @Override
    public void afterSingletonsInstantiated() {
        for (RecurringTask task : declared) {
            try {
                ScheduleOperations.Declared outcome = operations.declare(definition(task, codec), task.paused());
                log.info("Recurring task {}: {}", task.name(), outcome);
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("RecurringTask " + task.name() + " is invalid: " + e.getMessage(), e);
            }
        }
    }

    /** The definition the store keeps for a declaration: its payload as JSON, its interval in milliseconds. */
    public static ScheduleDefinition definition(RecurringTask task, PayloadCodec codec) {
        return new ScheduleDefinition(task.name(), task.cron(),
                task.interval() == null ? null : Duration.ofMillis(task.interval().toMillis()),
                task.zone().getId(), task.task().taskType(), codec.write(task.task().payload()),
                task.task().priority(), task.task().maxAttempts(), task.task().ownerId(), task.misfirePolicy(),
                task.misfireBound(), task.overlapPolicy());
    }
}
