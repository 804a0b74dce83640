package com.tudicloud.asynctask.worker.metrics;

import com.tudicloud.asynctask.api.spi.Schedule;
import com.tudicloud.asynctask.api.spi.ScheduleStore;
import com.tudicloud.asynctask.worker.maintenance.MaintenanceService;
import com.tudicloud.asynctask.worker.schedule.Recurrence;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.BiFunction;

/**
 * How late each schedule is, read from the database every refresh interval (two statements):
 * async_task_schedule_lateness_seconds (how long its next fire time has passed on the database's clock; 0
 * while paused or not yet due) and async_task_schedule_period_seconds (the gap between its next two fire
 * times), so that an alert can fire when a schedule is more than one period late. Every instance exports
 * the same figures; aggregate them with max() across instances.
 */
public class ScheduleGauges extends MaintenanceService {

    private static final Logger log = LoggerFactory.getLogger(ScheduleGauges.class);

    private final ScheduleStore store;
    private final MultiGauge lateness;
    private final MultiGauge period;

    public ScheduleGauges(ScheduleStore store, MeterRegistry registry, Duration refreshInterval) {
        super("async-task-schedule-gauges", Duration.ZERO, refreshInterval);
        this.store = store;
        this.lateness = MultiGauge.builder("async.task.schedule.lateness").baseUnit("seconds")
                .description("How long a schedule's next fire time has passed (0 while paused or not due)").register(registry);
        this.period = MultiGauge.builder("async.task.schedule.period").baseUnit("seconds")
                .description("The gap between a schedule's next two fire times").register(registry);
    }

    /** Reads the figures once; a failure keeps the last ones and is retried next time. */
    @Override
    public void runRound() {
        List<Schedule> schedules;
        Instant now;
        try {
            schedules = store.findAll();
            now = store.databaseNow();
        } catch (RuntimeException e) {
            log.debug("Could not read the schedules' figures: {}", e.toString());
            return;
        }
        lateness.register(rows(schedules, (schedule, at) -> schedule.paused() || schedule.nextFireTime().isAfter(at)
                ? 0 : Duration.between(schedule.nextFireTime(), at).toMillis() / 1000.0, now), true);
        period.register(rows(schedules, (schedule, at) -> periodSeconds(schedule), now), true);
    }

    private static double periodSeconds(Schedule schedule) {
        try {
            Recurrence recurrence = Recurrence.of(schedule.definition(), schedule.nextFireTime());
            return Recurrence.period(recurrence, schedule.nextFireTime().minusMillis(1)).toMillis() / 1000.0;
        } catch (IllegalArgumentException stored) {
            return 0; // a definition written past validation by hand: no period to compare with
        }
    }

    private static List<MultiGauge.Row<?>> rows(List<Schedule> schedules, BiFunction<Schedule, Instant, Number> figure,
                                                Instant now) {
        return schedules.stream().<MultiGauge.Row<?>>map(schedule ->
                MultiGauge.Row.of(Tags.of("schedule", schedule.name()), figure.apply(schedule, now))).toList();
    }
}
