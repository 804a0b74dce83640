package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.SubmittedTask;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.OverlapPolicy;
import com.tudicloud.asynctask.api.spi.DueSchedule;
import com.tudicloud.asynctask.api.spi.FirePlan;
import com.tudicloud.asynctask.api.spi.FiredSchedule;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.NextFire;
import com.tudicloud.asynctask.api.spi.Schedule;
import com.tudicloud.asynctask.api.spi.ScheduleDefinition;
import com.tudicloud.asynctask.api.spi.ScheduleStore;
import com.tudicloud.asynctask.api.spi.TaskStore;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Schedules on MyBatis. A fire is a claim: the due rows are locked with SKIP LOCKED in a READ COMMITTED
 * transaction, which inserts their tasks (each under its fire time's dedup key) and advances them before it
 * commits; a scheduler that dies first leaves nothing behind but the row lock, released with its connection.
 */
final class MyBatisScheduleStore implements ScheduleStore {

    private final SystemAsyncTaskScheduleMapper mapper;
    private final TaskStore tasks;
    private final TransactionTemplate readCommitted;
    private final TransientLockRetry retry;
    private final TaskEventLog events;

    MyBatisScheduleStore(SystemAsyncTaskScheduleMapper mapper, TaskStore tasks, TransactionTemplate readCommitted,
                         TransientLockRetry retry, TaskEventLog events) {
        this.mapper = mapper;
        this.tasks = tasks;
        this.readCommitted = readCommitted;
        this.retry = retry;
        this.events = events;
    }

    @Override
    public NextFire nextFire() {
        return mapper.selectNextFire();
    }

    @Override
    public List<FiredSchedule> fireDue(int limit, Function<DueSchedule, FirePlan> planner) {
        return retry.call("fire schedules", () -> readCommitted.execute(status -> fireInTransaction(limit, planner)));
    }

    private List<FiredSchedule> fireInTransaction(int limit, Function<DueSchedule, FirePlan> planner) {
        List<ScheduleRow> due = mapper.selectDueForUpdate(limit);
        if (due.isEmpty()) {
            return List.of();
        }
        Map<Long, TaskStatus> lastTasks = lastTaskStatusesOfNonOverlapping(due);
        List<FiredSchedule> fired = new ArrayList<>(due.size());
        for (ScheduleRow row : due) {
            Schedule schedule = row.toSchedule(lastTasks.get(row.lastTaskId()));
            FirePlan plan = planner.apply(new DueSchedule(schedule, row.dbNow()));
            List<Long> taskIds = insertTasks(schedule.definition(), plan.fireTimes());
            Instant lastFire = plan.fireTimes().isEmpty() ? null : plan.fireTimes().get(plan.fireTimes().size() - 1);
            Long lastTaskId = taskIds.isEmpty() ? null : taskIds.get(taskIds.size() - 1);
            int advanced = mapper.advance(new ScheduleAdvance(row.name(), row.nextFireTime(), plan.nextFireTime(),
                    lastFire, lastTaskId, plan.skips()));
            if (advanced != 1) {
                // the row is locked by this transaction, so this cannot happen; if it did, nothing is written
                throw new IllegalStateException("schedule " + row.name() + " moved while claimed; round rolled back");
            }
            fired.add(new FiredSchedule(row.name(), plan, taskIds));
        }
        return fired;
    }

    /** One plain read, and only when a claimed schedule must not overlap its last task. */
    private Map<Long, TaskStatus> lastTaskStatusesOfNonOverlapping(List<ScheduleRow> due) {
        List<Long> ids = due.stream().filter(row -> row.overlapPolicy() == OverlapPolicy.SKIP)
                .map(ScheduleRow::lastTaskId).filter(id -> id != null).toList();
        Map<Long, TaskStatus> statuses = new HashMap<>();
        if (!ids.isEmpty()) {
            mapper.selectTaskStatuses(ids).forEach(row -> statuses.put(row.id(), row.status()));
        }
        return statuses;
    }

    /**
     * The tasks of these fire times, in order; a fire time that has its task already keeps it. The tasks
     * inserted get their SCHEDULE_FIRED event, all in one statement.
     */
    private List<Long> insertTasks(ScheduleDefinition definition, List<Instant> fireTimes) {
        if (fireTimes.isEmpty()) {
            return List.of();
        }
        List<NewTask> rows = fireTimes.stream()
                .map(fireTime -> task(definition, ScheduleStore.dedupKey(definition.name(), fireTime))).toList();
        List<SubmittedTask> submitted = tasks.insert(rows);
        events.scheduleFired(definition.name(),
                submitted.stream().filter(SubmittedTask::created).map(SubmittedTask::taskId).toList());
        return submitted.stream().map(SubmittedTask::taskId).toList();
    }

    private static NewTask task(ScheduleDefinition definition, String dedupKey) {
        return new NewTask(definition.taskType(), definition.payloadJson(), definition.priority(), 0,
                definition.maxAttempts(), definition.ownerId(), dedupKey);
    }

    @Override
    public Instant databaseNow() {
        return mapper.selectNow();
    }

    @Override
    public List<Schedule> findAll() {
        return mapper.selectAll(null).stream().map(ScheduleRow::toSchedule).toList();
    }

    @Override
    public List<Schedule> findPage(String afterName, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1: " + limit);
        }
        return mapper.selectPage(afterName, limit).stream().map(ScheduleRow::toSchedule).toList();
    }

    @Override
    public Optional<Schedule> find(String name) {
        return mapper.selectAll(name).stream().findFirst().map(ScheduleRow::toSchedule);
    }

    @Override
    public boolean create(ScheduleDefinition definition, boolean paused, Instant nextFireTime) {
        try {
            return mapper.insert(definition, intervalMillis(definition), paused, DatetimeText.of(nextFireTime)) == 1;
        } catch (DuplicateKeyException exists) {
            return false;
        }
    }

    @Override
    public boolean update(ScheduleDefinition definition, Instant nextFireTime) {
        return mapper.updateDefinition(definition, intervalMillis(definition), DatetimeText.of(nextFireTime)) == 1;
    }

    @Override
    public boolean pause(String name) {
        return mapper.pause(name) == 1;
    }

    @Override
    public boolean resume(String name, Instant nextFireTime) {
        return mapper.resume(name, DatetimeText.of(nextFireTime)) == 1;
    }

    @Override
    public boolean delete(String name) {
        return mapper.delete(name) == 1;
    }

    @Override
    public Optional<Long> trigger(String name, String triggeredBy) {
        return readCommitted.execute(status -> {
            ScheduleRow row = mapper.selectForUpdate(name);
            if (row == null) {
                return Optional.empty();
            }
            long taskId = tasks.insert(List.of(task(row.toSchedule().definition(), null))).get(0).taskId();
            events.scheduleTriggered(name, taskId, triggeredBy);
            mapper.recordTriggered(name, taskId);
            return Optional.of(taskId);
        });
    }

    private static Long intervalMillis(ScheduleDefinition definition) {
        return definition.interval() == null ? null : definition.interval().toMillis();
    }
}
