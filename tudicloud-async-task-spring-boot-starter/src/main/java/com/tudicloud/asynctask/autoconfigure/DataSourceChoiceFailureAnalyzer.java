package com.tudicloud.asynctask.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** An unclear DataSource as Spring Boot's short start-up report, with the property that settles it. */
public class DataSourceChoiceFailureAnalyzer extends AbstractFailureAnalyzer<DataSourceChoiceException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, DataSourceChoiceException cause) {
        String example = cause.candidates().isEmpty() ? "<bean name>" : cause.candidates().get(0);
        return new FailureAnalysis(cause.getMessage() + ".",
                "Set async-task.datasource to the bean name of the DataSource that holds the async-task tables "
                        + "(one of " + cause.candidates() + ", e.g. async-task.datasource=" + example
                        + "), or mark that DataSource @Primary.", cause);
    }
}
