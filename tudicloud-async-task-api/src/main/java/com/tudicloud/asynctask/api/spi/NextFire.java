package com.tudicloud.asynctask.api.spi;

import java.time.Duration;
import java.time.Instant;

/**
 * The database's now and the earliest next fire time of a schedule that is not paused ({@code null}
 * when there is none): all a scheduler needs to know to wait or to claim.
 */
public record NextFire(Instant databaseNow, Instant nextFireTime) {

    public boolean due() {
        return nextFireTime != null && !nextFireTime.isAfter(databaseNow);
    }

    /** How long until the next fire on the database's clock; {@code null} when no schedule runs. */
    public Duration untilNext() {
        return nextFireTime == null ? null : Duration.between(databaseNow, nextFireTime);
    }
}
