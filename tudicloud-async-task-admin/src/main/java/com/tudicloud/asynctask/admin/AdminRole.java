package com.tudicloud.asynctask.admin;

/** What a login or a token may do. */
public enum AdminRole {
    /** Reads tasks, statistics and workers. */
    VIEWER,
    /** A viewer who may also submit, cancel and retry, and read the audit trail. */
    OPERATOR,
    /** Reads /actuator/prometheus and /actuator/metrics, nothing else: a scrape credential. */
    METRICS
}
