package com.tudicloud.asynctask.api;

/** What becomes of a task when a task it depends on ends FAILED or CANCELLED. */
public enum DependencyFailure {
    /** The dependent ends CANCELLED, saying which dependency did not succeed; so do its own dependents. */
    CANCEL,
    /** The dependent runs anyway once every dependency has ended, however each ended. */
    RUN
}
