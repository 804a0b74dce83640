package com.tudicloud.asynctask.api;

/** What a schedule does at a fire time while the task of its previous fire has not finished yet. */
public enum OverlapPolicy {
    /** Submit the new task anyway; both may run at once. */
    ALLOW,
    /** Submit nothing for this fire time and record the skip. */
    SKIP
}
