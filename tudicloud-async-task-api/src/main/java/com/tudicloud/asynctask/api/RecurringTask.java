package com.tudicloud.asynctask.api;

import java.time.Duration;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A schedule declared in code: a task submitted at every fire time of a cron expression or a fixed
 * interval. Declare it as a bean; the worker writes it to the database at start, where the whole fleet
 * fires it exactly once per fire time.
 *
 * <pre>{@code
 * @Bean
 * RecurringTask nightlyReport() {
 *     return RecurringTask.named("nightly-report").cron("0 30 2 * * *").zone("Asia/Shanghai")
 *             .submits("report.export", Map.of("scope", "daily")).build();
 * }
 * }</pre>
 *
 * @param name          unique across the fleet: a letter or digit, then letters, digits, '.', '_', '-' and ':'
 * @param cron          Spring's six-field cron expression or a macro such as {@code @daily}; or {@code null}
 * @param interval      a fixed interval instead of {@code cron}; or {@code null}
 * @param zone          the time zone the cron expression is read in
 * @param task          what each fire submits (its delay and dedup key are the schedule's own to set)
 * @param misfirePolicy what to do with fire times the fleet missed
 * @param misfireBound  for {@link MisfirePolicy#FIRE_EACH}: the most missed fire times that each get a task
 * @param overlapPolicy what to do at a fire time while the previous fire's task has not finished
 * @param paused        whether the schedule starts paused (only when it is first written; an operator's pause
 *                      or resume is never undone by a restart)
 */
public record RecurringTask(String name, String cron, Duration interval, ZoneId zone, TaskRequest task,
                            MisfirePolicy misfirePolicy, int misfireBound, OverlapPolicy overlapPolicy,
                            boolean paused) {

    public static final int MAX_NAME_LENGTH = 100;
    public static final int MAX_CRON_LENGTH = 200;
    public static final int MAX_MISFIRE_BOUND = 1000;
    public static final Duration MIN_INTERVAL = Duration.ofSeconds(1);
    public static final Duration MAX_INTERVAL = Duration.ofDays(3660);
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{0," + (MAX_NAME_LENGTH - 1) + "}");

    public RecurringTask {
        requireName(name);
        if ((cron == null) == (interval == null)) {
            throw new IllegalArgumentException("schedule " + name + ": give either a cron expression or an interval");
        }
        if (cron != null && (cron.isBlank() || cron.length() > MAX_CRON_LENGTH)) {
            throw new IllegalArgumentException("schedule " + name + ": cron must be 1 to " + MAX_CRON_LENGTH + " characters");
        }
        if (interval != null && (interval.compareTo(MIN_INTERVAL) < 0 || interval.compareTo(MAX_INTERVAL) > 0)) {
            throw new IllegalArgumentException("schedule " + name + ": interval must be from " + MIN_INTERVAL
                    + " to " + MAX_INTERVAL + ", but is " + interval);
        }
        Objects.requireNonNull(zone, "zone");
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(misfirePolicy, "misfirePolicy");
        Objects.requireNonNull(overlapPolicy, "overlapPolicy");
        if (task.dedupKey() != null || !task.delay().isZero() || task.runAt() != null) {
            throw new IllegalArgumentException("schedule " + name
                    + ": the task's dedup key and due time come from its fire time; leave them unset");
        }
        if (misfireBound < 1 || misfireBound > MAX_MISFIRE_BOUND) {
            throw new IllegalArgumentException("schedule " + name + ": misfireBound must be from 1 to "
                    + MAX_MISFIRE_BOUND + ", but is " + misfireBound);
        }
    }

    /** Starts a declaration: UTC, coalescing misfires, overlapping runs allowed, not paused. */
    public static Builder named(String name) {
        return new Builder(name);
    }

    /** @throws IllegalArgumentException naming what is wrong with the name */
    public static void requireName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("schedule name must be 1 to " + MAX_NAME_LENGTH
                    + " characters: a letter or digit, then letters, digits, '.', '_', '-' and ':'; but is " + name);
        }
    }

    public static final class Builder {

        private final String name;
        private String cron;
        private Duration interval;
        private ZoneId zone = ZoneOffset.UTC;
        private TaskRequest task;
        private MisfirePolicy misfirePolicy = MisfirePolicy.COALESCE;
        private int misfireBound = 1;
        private OverlapPolicy overlapPolicy = OverlapPolicy.ALLOW;
        private boolean paused;

        private Builder(String name) {
            this.name = name;
        }

        /** Spring's six-field cron ({@code second minute hour day month weekday}) or a macro such as {@code @hourly}. */
        public Builder cron(String expression) {
            this.cron = expression;
            this.interval = null;
            return this;
        }

        /** A fixed interval, counted from when the schedule was first written. */
        public Builder every(Duration interval) {
            this.interval = interval;
            this.cron = null;
            return this;
        }

        public Builder zone(String zoneId) {
            return zone(ZoneId.of(zoneId));
        }

        public Builder zone(ZoneId zone) {
            this.zone = zone;
            return this;
        }

        /** Each fire submits a task of this type with this payload. */
        public Builder submits(String taskType, Object payload) {
            return submits(TaskRequest.of(taskType, payload));
        }

        /** Each fire submits this task (its priority, max attempts and owner included). */
        public Builder submits(TaskRequest task) {
            this.task = task;
            return this;
        }

        public Builder misfire(MisfirePolicy policy) {
            this.misfirePolicy = policy;
            return this;
        }

        /** {@link MisfirePolicy#FIRE_EACH}, for at most {@code bound} missed fire times. */
        public Builder fireEachMissed(int bound) {
            this.misfirePolicy = MisfirePolicy.FIRE_EACH;
            this.misfireBound = bound;
            return this;
        }

        public Builder overlap(OverlapPolicy policy) {
            this.overlapPolicy = policy;
            return this;
        }

        public Builder paused(boolean paused) {
            this.paused = paused;
            return this;
        }

        public RecurringTask build() {
            return new RecurringTask(name, cron, interval, zone, task, misfirePolicy, misfireBound, overlapPolicy, paused);
        }
    }
}
