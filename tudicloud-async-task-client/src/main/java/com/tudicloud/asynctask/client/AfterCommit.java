package com.tudicloud.asynctask.client;

/**
 * Runs what a submit does once its tasks are visible: after the caller's transaction commits, or at once when
 * the submit ran in no transaction (its statements then commit on their own).
 */
@FunctionalInterface
public interface AfterCommit {

    /** For callers without transactions of their own. */
    AfterCommit IMMEDIATELY = Runnable::run;

    void run(Runnable action);
}
