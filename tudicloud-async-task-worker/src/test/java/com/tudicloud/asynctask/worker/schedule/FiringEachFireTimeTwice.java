package com.tudicloud.asynctask.worker.schedule;

import com.tudicloud.asynctask.api.spi.DueSchedule;
import com.tudicloud.asynctask.api.spi.FirePlan;
import com.tudicloud.asynctask.api.spi.FiredSchedule;
import com.tudicloud.asynctask.api.spi.NextFire;
import com.tudicloud.asynctask.api.spi.Schedule;
import com.tudicloud.asynctask.api.spi.ScheduleDefinition;
import com.tudicloud.asynctask.api.spi.ScheduleStore;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A broken store for testing the tests: each fire also fires the schedule's previous fire time again, as a
 * scheduler that lost track of what it fired would. The task table's unique key refuses the second task.
 */
final class FiringEachFireTimeTwice implements ScheduleStore {

    private final ScheduleStore store;

    FiringEachFireTimeTwice(ScheduleStore store) {
        this.store = store;
    }

    @Override
    public List<FiredSchedule> fireDue(int limit, Function<DueSchedule, FirePlan> planner) {
        return store.fireDue(limit, due -> {
            FirePlan plan = planner.apply(due);
            Instant previous = due.schedule().lastFireTime();
            if (previous == null) {
                return plan;
            }
            List<Instant> again = new ArrayList<>();
            again.add(previous);
            again.addAll(plan.fireTimes());
            return new FirePlan(again, plan.nextFireTime(), plan.missed(), plan.misfireSkips(), plan.overlapSkips());
        });
    }

    @Override
    public NextFire nextFire() {
        return store.nextFire();
    }

    @Override
    public Instant databaseNow() {
        return store.databaseNow();
    }

    @Override
    public List<Schedule> findAll() {
        return store.findAll();
    }

    @Override
    public List<Schedule> findPage(String afterName, int limit) {
        return store.findPage(afterName, limit);
    }

    @Override
    public Optional<Schedule> find(String name) {
        return store.find(name);
    }

    @Override
    public boolean create(ScheduleDefinition definition, boolean paused, Instant nextFireTime) {
        return store.create(definition, paused, nextFireTime);
    }

    @Override
    public boolean update(ScheduleDefinition definition, Instant nextFireTime) {
        return store.update(definition, nextFireTime);
    }

    @Override
    public boolean pause(String name) {
        return store.pause(name);
    }

    @Override
    public boolean resume(String name, Instant nextFireTime) {
        return store.resume(name, nextFireTime);
    }

    @Override
    public boolean delete(String name) {
        return store.delete(name);
    }

    @Override
    public Optional<Long> trigger(String name, String triggeredBy) {
        return store.trigger(name, triggeredBy);
    }
}
