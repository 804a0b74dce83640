package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.worker.InvalidAsyncTaskSettingsException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns invalid async-task settings into Spring Boot's short start-up report instead of a stack trace. */
class InvalidAsyncTaskSettingsFailureAnalyzer extends AbstractFailureAnalyzer<InvalidAsyncTaskSettingsException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, InvalidAsyncTaskSettingsException cause) {
        return new FailureAnalysis(cause.getMessage(),
                "Change the async-task properties named above; see docs/configuration.md.", cause);
    }
}
