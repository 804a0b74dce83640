package com.tudicloud.asynctask.console;

/** What a user may do in the console and its API. */
public enum ConsoleRole {
    /** Reads tasks, statistics, workers, schedules and task types. */
    VIEWER,
    /** A viewer who may also submit, cancel, retry, pause, run bulk actions, change schedules and read the audit trail. */
    OPERATOR
}
