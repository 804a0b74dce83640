package com.tudicloud.asynctask.admin.security;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** The users' problem as Spring Boot's short start-up report: what is wrong, and which properties to set. */
public class NoLoginsFailureAnalyzer extends AbstractFailureAnalyzer<NoLoginsException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, NoLoginsException cause) {
        return new FailureAnalysis(cause.getMessage(), cause.action(), cause);
    }
}
