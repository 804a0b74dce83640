package com.tudicloud.asynctask.api.spi;

import com.tudicloud.asynctask.api.MisfirePolicy;
import com.tudicloud.asynctask.api.OverlapPolicy;

import java.time.Duration;
import java.util.Objects;

/**
 * A schedule as the store keeps it, payload already serialised: when it fires ({@code cronExpression} or
 * {@code interval}, read in {@code timeZone}) and what each fire submits.
 */
public record ScheduleDefinition(String name, String cronExpression, Duration interval, String timeZone,
                                 String taskType, String payloadJson, int priority, int maxAttempts, String ownerId,
                                 MisfirePolicy misfirePolicy, int misfireBound, OverlapPolicy overlapPolicy) {

    /** Whether the fire times of the two differ, so that the next fire time must be worked out again. */
    public boolean timingDiffers(ScheduleDefinition other) {
        return !Objects.equals(cronExpression, other.cronExpression) || !Objects.equals(interval, other.interval)
                || !Objects.equals(timeZone, other.timeZone);
    }
}
