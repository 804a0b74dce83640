package com.tudicloud.asynctask.admin.security;

/** Where failed logins go besides the log and the metric: the audit trail, when the application has one. */
@FunctionalInterface
public interface LoginFailureAudit {

    void record(LoginFailures.Failure failure);
}
