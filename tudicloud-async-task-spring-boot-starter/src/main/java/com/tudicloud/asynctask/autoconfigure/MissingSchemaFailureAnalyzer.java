package com.tudicloud.asynctask.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** A missing schema as Spring Boot's short start-up report: the missing tables, and how to create them. */
public class MissingSchemaFailureAnalyzer extends AbstractFailureAnalyzer<MissingSchemaException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, MissingSchemaException cause) {
        return new FailureAnalysis("The async-task schema is missing from the database: no table "
                + String.join(", ", cause.missingTables()) + ".", MissingSchemaException.HOW_TO_CREATE, cause);
    }
}
