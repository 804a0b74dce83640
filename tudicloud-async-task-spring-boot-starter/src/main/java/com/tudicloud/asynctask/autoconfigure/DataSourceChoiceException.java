package com.tudicloud.asynctask.autoconfigure;

import java.util.List;

/**
 * The application has DataSources, but which one holds the async-task tables is not clear: several and
 * none @Primary, or {@code async-task.datasource} names a bean that is not one of them.
 */
public class DataSourceChoiceException extends IllegalStateException {

    private final String named;
    private final List<String> candidates;

    DataSourceChoiceException(String named, List<String> candidates) {
        super(named == null
                ? "The application has " + candidates.size() + " DataSource beans " + candidates
                        + " and none is @Primary, so async-task cannot tell which one holds its tables"
                : "async-task.datasource names '" + named + "', which is not a DataSource bean; the DataSource "
                        + "beans are " + candidates);
        this.named = named;
        this.candidates = List.copyOf(candidates);
    }

    /** The bean name async-task.datasource gave, or null when it is unset. */
    public String named() {
        return named;
    }

    public List<String> candidates() {
        return candidates;
    }
}
