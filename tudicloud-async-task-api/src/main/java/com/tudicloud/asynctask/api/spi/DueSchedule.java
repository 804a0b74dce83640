package com.tudicloud.asynctask.api.spi;

import java.time.Instant;

/** A schedule a scheduler claimed because its next fire time has come, and the database's now when it did. */
public record DueSchedule(Schedule schedule, Instant databaseNow) {
}
