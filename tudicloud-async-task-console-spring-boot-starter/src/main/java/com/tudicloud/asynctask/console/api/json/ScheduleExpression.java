package com.tudicloud.asynctask.console.api.json;

import com.tudicloud.asynctask.api.spi.ScheduleDefinition;
import org.springframework.boot.convert.DurationStyle;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * When a schedule fires, as the API writes it in one field: Spring's six-field cron expression, a macro
 * such as {@code @daily}, or {@code @every} and a duration ({@code @every 30s}, {@code @every PT1H}) for a
 * fixed interval.
 */
public record ScheduleExpression(String cron, Duration interval) {

    static final String EVERY = "@every ";

    /** @throws IllegalArgumentException when the duration after {@code @every} is not one */
    public static ScheduleExpression parse(String text) {
        if (text.startsWith(EVERY)) {
            try {
                return new ScheduleExpression(null, DurationStyle.detectAndParse(text.substring(EVERY.length()).strip()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'" + text + "' is not @every and a duration such as 30s, 5m or PT1H");
            }
        }
        return new ScheduleExpression(text, null);
    }

    public static String of(ScheduleDefinition definition) {
        return definition.cronExpression() != null ? definition.cronExpression() : EVERY + inLargestUnit(definition.interval());
    }

    /** 90s rather than 90000ms, 2h rather than 120m: the largest unit that divides the interval. */
    private static String inLargestUnit(Duration interval) {
        long millis = interval.toMillis();
        for (ChronoUnit unit : List.of(ChronoUnit.DAYS, ChronoUnit.HOURS, ChronoUnit.MINUTES, ChronoUnit.SECONDS)) {
            if (millis % unit.getDuration().toMillis() == 0) {
                return DurationStyle.SIMPLE.print(interval, unit);
            }
        }
        return DurationStyle.SIMPLE.print(interval, ChronoUnit.MILLIS);
    }
}
