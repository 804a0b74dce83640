package com.tudicloud.asynctask.api;

/**
 * What a schedule does when it is behind: its next fire time is more than the misfire threshold in the past
 * when a scheduler finally looks at it (the fleet was down, or every scheduler was stopped). Then every fire
 * time up to now is missed, those inside the threshold included, and the policy bounds what they fire; the
 * schedule goes on with its first fire time after now. A schedule late by less than the threshold is not
 * behind: each of its fire times fires.
 */
public enum MisfirePolicy {
    /** One task for the whole missed period, recorded under its first missed fire time. */
    COALESCE,
    /** No task for the missed fire times. */
    SKIP,
    /** One task for each of the latest missed fire times, up to the schedule's misfire bound; older ones are skipped. */
    FIRE_EACH
}
