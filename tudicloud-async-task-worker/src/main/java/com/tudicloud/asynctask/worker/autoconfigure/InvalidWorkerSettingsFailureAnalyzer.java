package com.tudicloud.asynctask.worker.autoconfigure;

import com.tudicloud.asynctask.worker.InvalidWorkerSettingsException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns invalid worker settings into Spring Boot's short start-up report instead of a stack trace. */
class InvalidWorkerSettingsFailureAnalyzer extends AbstractFailureAnalyzer<InvalidWorkerSettingsException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, InvalidWorkerSettingsException cause) {
        return new FailureAnalysis(cause.getMessage(),
                "Change the async-task properties (or the handler's TaskPolicy) named above; see docs/configuration.md.", cause);
    }
}
