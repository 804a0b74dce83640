package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.MisfirePolicy;
import com.tudicloud.asynctask.api.OverlapPolicy;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.Schedule;
import com.tudicloud.asynctask.api.spi.ScheduleDefinition;

import java.time.Duration;
import java.time.Instant;

/** A row of system_async_task_schedule as read, with its last task's status and the database's now where asked. */
record ScheduleRow(String name, String cronExpression, Long intervalMs, String timeZone, String taskType,
                   String payloadJson, Integer priority, Integer maxAttempts, String ownerId, MisfirePolicy misfirePolicy,
                   Integer misfireBound, OverlapPolicy overlapPolicy, Instant pausedAt, Instant nextFireTime,
                   Instant lastFireTime, Long lastTaskId, Long skippedCount, Instant lastSkippedAt, Instant createTime,
                   Instant updateTime, TaskStatus lastTaskStatus, Instant dbNow) {

    Schedule toSchedule(TaskStatus lastTaskStatus) {
        ScheduleDefinition definition = new ScheduleDefinition(name, cronExpression,
                intervalMs == null ? null : Duration.ofMillis(intervalMs), timeZone, taskType, payloadJson, priority,
                maxAttempts, ownerId, misfirePolicy, misfireBound, overlapPolicy);
        return new Schedule(definition, pausedAt, nextFireTime, lastFireTime, lastTaskId, lastTaskStatus, skippedCount,
                lastSkippedAt, createTime, updateTime);
    }

    Schedule toSchedule() {
        return toSchedule(lastTaskStatus);
    }
}
