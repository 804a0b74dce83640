package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.QueueDepth;

import java.time.Duration;
import java.time.LocalDateTime;

/** The tasks of one type waiting for a worker (QUEUED or SCHEDULED); both instants are the database's. */
public record QueueDepthRow(String taskType, long queued, long due, LocalDateTime oldestDue, LocalDateTime dbNow) {

    QueueDepth toQueueDepth() {
        long age = oldestDue == null ? 0 : Math.max(0, Duration.between(oldestDue, dbNow).toMillis());
        return new QueueDepth(taskType, queued, due, age);
    }
}
