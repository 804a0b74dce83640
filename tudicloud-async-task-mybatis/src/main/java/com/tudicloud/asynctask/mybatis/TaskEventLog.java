package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.StoreLimits;
import com.tudicloud.asynctask.api.spi.TaskEvent;
import com.tudicloud.asynctask.api.spi.TaskEventMode;
import com.tudicloud.asynctask.api.spi.TaskEventType;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;

/**
 * Appends task events, as far as the mode asks. Each method runs one multi-row INSERT ... SELECT over
 * the tasks just changed, and must be called in the transaction of that change, after it: the event
 * commits with its change or not at all. Deleting a task deletes its events (the foreign key cascades).
 */
final class TaskEventLog {

    /** Characters of the {@code actor} and {@code worker_id} columns. */
    static final int NAME_LENGTH = 255;

    /**
     * Tasks per INSERT ... SELECT: one placeholder each, well inside MySQL's 65,535 per statement, and as many
     * as a bulk action's range holds at its default size (async-task.admin.bulk-batch-ids), so that such a
     * range records its events in one statement.
     */
    static final int CHUNK = 2000;

    private final SystemAsyncTaskEventMapper mapper;
    private final TaskEventMode mode;
    private final Supplier<StoreLimits> limits;

    TaskEventLog(SystemAsyncTaskEventMapper mapper, TaskEventMode mode, Supplier<StoreLimits> limits) {
        this.mapper = mapper;
        this.mode = mode;
        this.limits = limits;
    }

    boolean records(TaskEventType type) {
        return mode.records(type);
    }

    /** Whether writing this group records any event, and so needs a transaction around it. */
    boolean recordsAny(CompletionGroup group) {
        return mode == TaskEventMode.FULL || mode == TaskEventMode.FAILURES_ONLY && !group.allSucceeded();
    }

    /** After a claim marked these tasks RUNNING. */
    void claimed(List<Long> ids) {
        if (records(TaskEventType.CLAIMED)) {
            mapper.insertClaimed(ids);
        }
    }

    /** After a group of outcomes was written: one event for each outcome that landed. */
    void completed(String workerId, List<Completion> completions, CompletionGroup group) {
        if (recordsAny(group)) {
            mapper.insertCompleted(workerId, completions, group, mode == TaskEventMode.FAILURES_ONLY);
        }
    }

    /** After recovery gave these expired leases back. */
    void recovered(List<ExpiredLease> expired, String recoveredBy) {
        if (records(TaskEventType.LEASE_EXPIRED) && !expired.isEmpty()) {
            mapper.insertRecovered(expired, fitName(recoveredBy));
        }
    }

    /**
     * After a change made by request to these tasks (a cancel, an operator's retry, a bulk action): one
     * event each, saying what the task is now. Call it in the transaction of the change with the ids of the
     * tasks it changed, no others.
     *
     * @param actor who asked (an operator's user name), cut to its column; null for the service's own code
     */
    public void changed(Collection<Long> ids, TaskEventType type, String actor) {
        if (records(type)) {
            insertChanged(ids, type, actor, null);
        }
    }

    /**
     * After a bulk cancel of these tasks, in its transaction: one event each, CANCELLED for a task that was
     * waiting and CANCEL_REQUESTED for one that runs, as its status now says; both in one statement.
     */
    void cancelled(Collection<Long> ids, String actor) {
        if (records(TaskEventType.CANCELLED)) {
            insertChanged(ids, null, actor, null);
        }
    }

    /**
     * After a fire of a schedule inserted these tasks, in its transaction: one SCHEDULE_FIRED each, its actor
     * {@code schedule:<name>}. A fire time whose task existed already is not among them.
     */
    void scheduleFired(String scheduleName, Collection<Long> ids) {
        if (records(TaskEventType.SCHEDULE_FIRED)) {
            insertChanged(ids, TaskEventType.SCHEDULE_FIRED, scheduleRef(scheduleName), null);
        }
    }

    /**
     * After a trigger of a schedule inserted this task, in its transaction: its SCHEDULE_FIRED names who asked
     * as its actor and the schedule ({@code schedule:<name>}) as its message, which tells it from a fire.
     *
     * @param triggeredBy an operator's user name; null for the service's own code
     */
    void scheduleTriggered(String scheduleName, long taskId, String triggeredBy) {
        if (records(TaskEventType.SCHEDULE_FIRED)) {
            insertChanged(List.of(taskId), TaskEventType.SCHEDULE_FIRED, triggeredBy, scheduleRef(scheduleName));
        }
    }

    /**
     * @param type    null: the status each task has now names its event
     * @param message null: the task's error, unless it runs
     */
    private void insertChanged(Collection<Long> ids, TaskEventType type, String actor, String message) {
        if (ids.isEmpty()) {
            return;
        }
        List<Long> all = new ArrayList<>(ids);
        String who = fitName(actor);
        for (int from = 0; from < all.size(); from += CHUNK) {
            mapper.insertChanged(all.subList(from, Math.min(all.size(), from + CHUNK)), type, who, message);
        }
    }

    /** A schedule's name is at most 100 characters, so this fits the actor's and the message's columns. */
    private static String scheduleRef(String scheduleName) {
        return "schedule:" + scheduleName;
    }

    /**
     * The task's latest events, oldest first: those recorded and, unless events are off, the claim and the
     * success of the current attempt that the task row tells, when not recorded.
     */
    List<TaskEvent> events(long taskId, int limit) {
        return TaskHistoryOrder.latest(mapper.selectByTask(taskId, limit, mode != TaskEventMode.OFF), limit);
    }

    private String fitName(String name) {
        return limits.get().fit(name, NAME_LENGTH);
    }
}
