package com.tudicloud.asynctask.mybatis;

import java.time.Duration;
import java.time.LocalDateTime;

/** The due time of the oldest due task waiting for a worker (or {@code null}) and the database's now. */
public record OldestDue(LocalDateTime oldestDue, LocalDateTime dbNow) {

    Long ageMillis() {
        return oldestDue == null ? null : Duration.between(oldestDue, dbNow).toMillis();
    }
}
