package com.tudicloud.asynctask.api.spi;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The schedules of recurring tasks. What is due is decided by the database's clock; a fire inserts its
 * task under a dedup key made of the schedule's name and the fire time ({@link #dedupKey}), so a second
 * task for one fire time cannot be inserted, whoever tries.
 */
public interface ScheduleStore {

    /** One statement: whether anything is due, and how long a scheduler may wait otherwise. */
    NextFire nextFire();

    /**
     * One short READ COMMITTED transaction: claims up to {@code limit} due schedules that are not paused,
     * skipping those another scheduler holds (SKIP LOCKED); asks {@code planner} what each does; inserts the
     * tasks and advances each schedule with an UPDATE guarded by the fire time it claimed. Nothing is written
     * unless all of it is.
     */
    List<FiredSchedule> fireDue(int limit, Function<DueSchedule, FirePlan> planner);

    /** The database's clock. */
    Instant databaseNow();

    List<Schedule> findAll();

    /** At most {@code limit} schedules by name, those after {@code afterName} (null: from the first). */
    List<Schedule> findPage(String afterName, int limit);

    Optional<Schedule> find(String name);

    /** @return false when a schedule of that name exists already */
    boolean create(ScheduleDefinition definition, boolean paused, Instant nextFireTime);

    /**
     * Replaces what the schedule fires and when; its pause, its last fire and its skips stay.
     *
     * @param nextFireTime the new next fire time, or {@code null} to keep the current one
     * @return false when there is no such schedule
     */
    boolean update(ScheduleDefinition definition, Instant nextFireTime);

    /** @return false when there is no such schedule or it was paused already */
    boolean pause(String name);

    /** @return false when there is no such schedule or it was not paused */
    boolean resume(String name, Instant nextFireTime);

    /** @return false when there is no such schedule */
    boolean delete(String name);

    /**
     * Submits the schedule's task now, outside its fire times (its schedule is unchanged), and records it
     * as the schedule's last task.
     *
     * @param triggeredBy who asked (an operator's user name), recorded with the task's first event; null for
     *                    the service's own code
     * @return the task's id; empty when there is no such schedule
     */
    Optional<Long> trigger(String name, String triggeredBy);

    /** The dedup key of the task for one fire time of a schedule. */
    static String dedupKey(String scheduleName, Instant fireTime) {
        return "schedule:" + scheduleName + "@" + fireTime;
    }
}
