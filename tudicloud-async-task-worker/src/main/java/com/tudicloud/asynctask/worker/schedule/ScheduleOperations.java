package com.tudicloud.asynctask.worker.schedule;

import com.tudicloud.asynctask.api.spi.Schedule;
import com.tudicloud.asynctask.api.spi.ScheduleDefinition;
import com.tudicloud.asynctask.api.spi.ScheduleStore;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What operators and declarations do to schedules at run time. Every next fire time is worked out from the
 * database's now, never the JVM's: a schedule created, edited or resumed fires next at its first fire time
 * after that now, so a pause never leaves a backlog of missed fires behind it. Each change that may bring a
 * fire time closer wakes this JVM's scheduler.
 */
public final class ScheduleOperations {

    /** What a declaration at start did to the stored schedule. */
    public enum Declared { CREATED, UPDATED, UNCHANGED }

    private final ScheduleStore store;
    private final ScheduleChanges changes;

    public ScheduleOperations(ScheduleStore store, ScheduleChanges changes) {
        this.store = store;
        this.changes = changes;
    }

    /** One page by name: at most {@code limit} schedules after {@code afterName} (null: from the first). */
    public List<Schedule> page(String afterName, int limit) {
        return store.findPage(afterName, limit);
    }

    public Optional<Schedule> find(String name) {
        return store.find(name);
    }

    /**
     * @return false when a schedule of that name exists already
     * @throws IllegalArgumentException naming what is wrong with the definition
     */
    public boolean create(ScheduleDefinition definition, boolean paused) {
        Instant first = ScheduleValidation.validate(definition, store.databaseNow());
        return changedIf(store.create(definition, paused, first));
    }

    /**
     * Replaces the definition; the next fire time is worked out again only when the timing changed.
     *
     * @return false when there is no such schedule
     */
    public boolean update(ScheduleDefinition definition) {
        Instant first = ScheduleValidation.validate(definition, store.databaseNow());
        Optional<Schedule> current = store.find(definition.name());
        if (current.isEmpty()) {
            return false;
        }
        return changedIf(store.update(definition, current.get().definition().timingDiffers(definition) ? first : null));
    }

    /**
     * Writes a schedule declared in code: creates it (paused if so declared) or brings its definition up to
     * date. Whether it is paused stays as an operator left it.
     */
    public Declared declare(ScheduleDefinition definition, boolean paused) {
        Instant first = ScheduleValidation.validate(definition, store.databaseNow());
        Optional<Schedule> current = store.find(definition.name());
        if (current.isEmpty()) {
            if (changedIf(store.create(definition, paused, first))) {
                return Declared.CREATED;
            }
            current = store.find(definition.name()); // another instance created it a moment ago
        }
        if (current.isEmpty() || current.get().definition().equals(definition)) {
            return Declared.UNCHANGED;
        }
        changedIf(store.update(definition, current.get().definition().timingDiffers(definition) ? first : null));
        return Declared.UPDATED;
    }

    public boolean pause(String name) {
        return store.pause(name);
    }

    /** @return false when there is no such schedule or it was not paused */
    public boolean resume(String name) {
        Optional<Schedule> schedule = store.find(name);
        if (schedule.isEmpty() || !schedule.get().paused()) {
            return false;
        }
        Instant now = store.databaseNow();
        return changedIf(store.resume(name, Recurrence.of(schedule.get().definition(), now).next(now)));
    }

    /** @param triggeredBy who asked (an operator's user name); null for the service's own code */
    public Optional<Long> trigger(String name, String triggeredBy) {
        Optional<Long> taskId = store.trigger(name, triggeredBy);
        changedIf(taskId.isPresent());
        return taskId;
    }

    public boolean delete(String name) {
        return store.delete(name);
    }

    private boolean changedIf(boolean changed) {
        if (changed) {
            changes.signal();
        }
        return changed;
    }
}
