package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.api.spi.TaskEventMode;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** The history of each task, recorded in the transactions that change the tasks. */
@ConfigurationProperties("async-task.events")
public class AsyncTaskEventProperties {

    /**
     * Which state changes are recorded: {@code failures-only} (all but claims and successes, so a successful
     * task costs nothing; its history reads the claim and success its row tells), {@code full} (all), or
     * {@code off}.
     */
    private TaskEventMode mode = TaskEventMode.FAILURES_ONLY; // TaskEventMode.DEFAULT, spelt out for the metadata

    public TaskEventMode getMode() {
        return mode;
    }

    public void setMode(TaskEventMode mode) {
        this.mode = mode;
    }
}
