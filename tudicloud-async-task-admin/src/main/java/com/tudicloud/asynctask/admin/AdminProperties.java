package com.tudicloud.asynctask.admin;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The admin application's settings, under {@code async-task.admin}; a value out of range stops start-up naming it. */
@ConfigurationProperties("async-task.admin")
@Validated
public class AdminProperties {

    private final Console console = new Console();

    /** Largest request body the API accepts, in bytes; a larger one gets 413. */
    @Positive(message = "must be from 1 to 2147483647")
    private int maxBodyBytes = 65_536;

    /** Task types operators may submit besides those this application has handlers for. */
    private Set<String> taskTypes = new LinkedHashSet<>();

    /** A worker counts as seen when its last heartbeat is at most this old. */
    @NotNull
    @DurationMin(millis = 1, message = "must be from 1ms to 73000d")
    @DurationMax(days = 73_000, message = "must be from 1ms to 73000d")
    private Duration workersWindow = Duration.ofMinutes(2);

    /** How often the admin samples the queue (due and leased tasks) for the overview's chart; an hour is kept. */
    @NotNull
    @DurationMin(seconds = 1, message = "must be from 1s to 5m")
    @DurationMax(minutes = 5, message = "must be from 1s to 5m")
    private Duration queueSampleInterval = Duration.ofSeconds(10);

    /**
     * Payload fields shown masked to every user, in the API and the console, as JSON pointers (RFC 6901),
     * e.g. /card/number; the stored payload stays as it was submitted.
     */
    private List<String> redactPayloadFields = new ArrayList<>();

    /**
     * Bulk retries and cancels walk the task table in ranges of this many ids, one short statement per range:
     * no statement reads more rows than this, and the locks it takes last one statement.
     */
    @Positive(message = "must be from 1 to 2147483647")
    private int bulkBatchIds = 2000;

    /** Who may log in; passwords are stored hashed, with their encoder's prefix, e.g. {bcrypt}$2a$10$... */
    private List<User> users = new ArrayList<>();

    public Console getConsole() {
        return console;
    }

    public int getMaxBodyBytes() {
        return maxBodyBytes;
    }

    public void setMaxBodyBytes(int maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    public Set<String> getTaskTypes() {
        return taskTypes;
    }

    public void setTaskTypes(Set<String> taskTypes) {
        this.taskTypes = taskTypes;
    }

    public int getBulkBatchIds() {
        return bulkBatchIds;
    }

    public void setBulkBatchIds(int bulkBatchIds) {
        this.bulkBatchIds = bulkBatchIds;
    }

    public Duration getWorkersWindow() {
        return workersWindow;
    }

    public void setWorkersWindow(Duration workersWindow) {
        this.workersWindow = workersWindow;
    }

    public Duration getQueueSampleInterval() {
        return queueSampleInterval;
    }

    public void setQueueSampleInterval(Duration queueSampleInterval) {
        this.queueSampleInterval = queueSampleInterval;
    }

    public List<String> getRedactPayloadFields() {
        return redactPayloadFields;
    }

    public void setRedactPayloadFields(List<String> redactPayloadFields) {
        this.redactPayloadFields = redactPayloadFields;
    }

    public List<User> getUsers() {
        return users;
    }

    public void setUsers(List<User> users) {
        this.users = users;
    }

    public static class Console {

        /** Whether the REST API and the web console are served; off, the application is a plain worker node. */
        private boolean enabled = true;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    public static class User {

        private String username;

        /** The hashed password, with its encoder's prefix. */
        private String password;

        private Role role = Role.VIEWER;

        public String getUsername() {
            return username;
        }

        public void setUsername(String username) {
            this.username = username;
        }

        public String getPassword() {
            return password;
        }

        public void setPassword(String password) {
            this.password = password;
        }

        public Role getRole() {
            return role;
        }

        public void setRole(Role role) {
            this.role = role;
        }
    }

    public enum Role {
        /** Reads tasks, statistics and workers. */
        VIEWER,
        /** A viewer who may also submit, cancel and retry. */
        OPERATOR
    }
}
