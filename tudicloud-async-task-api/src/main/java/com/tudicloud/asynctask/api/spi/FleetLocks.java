package com.tudicloud.asynctask.api.spi;

import java.time.Duration;

/**
 * Named locks held for a while by one worker of the fleet, arbitrated by the database's clock, so that
 * a periodic job runs on one instance at a time without extra infrastructure. A holder that dies simply
 * lets its lock run out.
 */
public interface FleetLocks {

    /** Takes the lock, or extends it when {@code owner} holds it already; false while another owner holds it. */
    boolean tryAcquire(String name, String owner, Duration holdFor);

    /** Gives the lock up early; does nothing unless {@code owner} holds it. */
    void release(String name, String owner);
}
