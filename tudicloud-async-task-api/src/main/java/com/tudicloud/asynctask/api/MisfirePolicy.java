package com.tudicloud.asynctask.api;

/**
 * What a schedule does with fire times it missed: those more than the misfire threshold in the past when
 * a scheduler finally looks at it (the fleet was down, or every worker was busy). Fire times that are late
 * by less than the threshold are not missed; each of them fires.
 */
public enum MisfirePolicy {
    /** One task for the whole missed period, recorded under its first missed fire time. */
    COALESCE,
    /** No task for missed fire times; the schedule goes on with its next fire time. */
    SKIP,
    /** One task for each missed fire time, the latest ones up to the schedule's misfire bound; older ones are skipped. */
    FIRE_EACH
}
