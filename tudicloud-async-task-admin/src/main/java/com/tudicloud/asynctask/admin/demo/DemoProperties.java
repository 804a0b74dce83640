package com.tudicloud.asynctask.admin.demo;

import com.tudicloud.asynctask.admin.AdminProperties;
import com.tudicloud.asynctask.admin.AdminUser;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.PositiveOrZero;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The demo under {@code async-task.demo}: handlers for four demo task types and a feeder that keeps
 * tasks flowing, so that the console has something to show on an empty database.
 */
@ConfigurationProperties("async-task.demo")
@Validated
public class DemoProperties {

    /**
     * Whether the demo (handlers, feeder, banner, logins and its table) runs: unset, only on the embedded H2
     * database; {@code true} on any database; {@code false} never.
     */
    private Boolean enabled;

    /** Time between two rounds of demo tasks after the start-up batch. */
    @NotNull
    @DurationMin(millis = 1, message = "must be from 1ms to 73000d")
    @DurationMax(days = 73_000, message = "must be from 1ms to 73000d")
    private Duration feedInterval = Duration.ofSeconds(5);

    /** Demo tasks submitted per round, cycling through the demo task types; 0 submits only the start-up batch. */
    @PositiveOrZero
    private int tasksPerFeed = 4;

    /** Demo tasks of each type submitted at start-up. */
    @PositiveOrZero
    private int initialTasksPerType = 3;

    /** How long a demo.sleep task sleeps. */
    @NotNull
    @DurationMin(millis = 0, message = "must be from 0 to 73000d")
    @DurationMax(days = 73_000, message = "must be from 0 to 73000d")
    private Duration sleep = Duration.ofSeconds(3);

    /** How many attempts of a demo.flaky task fail before one succeeds; it gets one attempt more than that. */
    @PositiveOrZero
    private int flakyFailures = 2;

    /** Rows a demo.export task writes. */
    @PositiveOrZero
    private int exportRows = 500;

    /** Rows a demo.import task reads and records. */
    @PositiveOrZero
    private int importRows = 100;

    /** Pause per step of the export and import handlers, so that their progress can be watched. */
    @NotNull
    @DurationMin(millis = 0, message = "must be from 0 to 73000d")
    @DurationMax(days = 73_000, message = "must be from 0 to 73000d")
    private Duration stepPause = Duration.ofMillis(300);

    /** The demo's logins while the demo runs, unless async-task.admin.users names users: then only those log in. */
    private List<AdminUser> users = new ArrayList<>();

    public Boolean getEnabled() {
        return enabled;
    }

    public void setEnabled(Boolean enabled) {
        this.enabled = enabled;
    }

    public Duration getFeedInterval() {
        return feedInterval;
    }

    public void setFeedInterval(Duration feedInterval) {
        this.feedInterval = feedInterval;
    }

    public int getTasksPerFeed() {
        return tasksPerFeed;
    }

    public void setTasksPerFeed(int tasksPerFeed) {
        this.tasksPerFeed = tasksPerFeed;
    }

    public int getInitialTasksPerType() {
        return initialTasksPerType;
    }

    public void setInitialTasksPerType(int initialTasksPerType) {
        this.initialTasksPerType = initialTasksPerType;
    }

    public Duration getSleep() {
        return sleep;
    }

    public void setSleep(Duration sleep) {
        this.sleep = sleep;
    }

    public int getFlakyFailures() {
        return flakyFailures;
    }

    public void setFlakyFailures(int flakyFailures) {
        this.flakyFailures = flakyFailures;
    }

    public int getExportRows() {
        return exportRows;
    }

    public void setExportRows(int exportRows) {
        this.exportRows = exportRows;
    }

    public int getImportRows() {
        return importRows;
    }

    public void setImportRows(int importRows) {
        this.importRows = importRows;
    }

    public Duration getStepPause() {
        return stepPause;
    }

    public void setStepPause(Duration stepPause) {
        this.stepPause = stepPause;
    }

    public List<AdminUser> getUsers() {
        return users;
    }

    public void setUsers(List<AdminUser> users) {
        this.users = users;
    }
}
