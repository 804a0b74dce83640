package com.tudicloud.asynctask.worker.schedule;

import com.tudicloud.asynctask.api.spi.ScheduleDefinition;
import org.springframework.scheduling.support.CronExpression;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;

/**
 * The fire times of a schedule. A cron expression is read by Spring's {@link CronExpression} in the
 * schedule's zone, so daylight saving is the library's to handle: a local time inside the gap of a
 * spring-forward day does not fire that day, and a local time inside the hour a fall-back day repeats
 * fires at both instants. A fixed interval counts from an anchor, one of its fire times, whatever the zone.
 */
public interface Recurrence {

    /** Far enough to mean never, and still a DATETIME. */
    Instant NEVER = Instant.parse("9999-12-31T00:00:00Z");

    /** The first fire time strictly after {@code after}; {@link #NEVER} when there is none. */
    Instant next(Instant after);

    /**
     * @param anchor for a fixed interval, one of its fire times (its current next fire time, or the
     *               database's now for a new one)
     * @throws IllegalArgumentException naming what is wrong with the cron expression or the zone
     */
    static Recurrence of(ScheduleDefinition definition, Instant anchor) {
        ZoneId zone = zone(definition.timeZone());
        if (definition.cronExpression() != null) {
            CronExpression cron = cron(definition.cronExpression());
            return after -> {
                var next = cron.next(after.atZone(zone));
                return next == null ? NEVER : next.toInstant();
            };
        }
        long interval = definition.interval().toMillis();
        return after -> {
            if (after.isBefore(anchor)) {
                return anchor;
            }
            long periods = Math.floorDiv(after.toEpochMilli() - anchor.toEpochMilli(), interval) + 1;
            Instant next = anchor.plusMillis(periods * interval);
            return next.isAfter(NEVER) ? NEVER : next;
        };
    }

    /** @throws IllegalArgumentException naming the zone when Java does not know it */
    static ZoneId zone(String zoneId) {
        try {
            return ZoneId.of(zoneId);
        } catch (DateTimeException | NullPointerException e) {
            throw new IllegalArgumentException("unknown time zone: " + zoneId + " (use a region such as Asia/Shanghai, or UTC)");
        }
    }

    /** @throws IllegalArgumentException with the parser's reason */
    static CronExpression cron(String expression) {
        try {
            return CronExpression.parse(expression);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid cron expression '" + expression + "': " + e.getMessage()
                    + " (six fields: second minute hour day-of-month month day-of-week, or a macro such as @daily)");
        }
    }

    /** The shortest gap between two of the next fire times after {@code after}: what "one period late" means. */
    static Duration period(Recurrence recurrence, Instant after) {
        Instant first = recurrence.next(after);
        Instant second = recurrence.next(first);
        return first.equals(Recurrence.NEVER) || second.equals(Recurrence.NEVER)
                ? Duration.ZERO : Duration.between(first, second);
    }
}
