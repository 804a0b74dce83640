package com.tudicloud.asynctask.console;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
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

/**
 * The REST API's and the console's settings, under {@code async-task.admin}: the same keys in the admin application
 * and in a service that embeds the console. A value out of range stops start-up naming it.
 */
@ConfigurationProperties("async-task.admin")
@Validated
public class ConsoleApiProperties {

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
     * Payload fields shown masked to every user, in the API and the console: JSON pointers (RFC 6901), e.g.
     * /card/number, or field names at any depth, e.g. **{@literal /}password (* matches any characters, case is
     * ignored). The stored payload stays as it was submitted. Setting the list replaces these defaults.
     */
    private List<String> redactPayloadFields = new ArrayList<>(List.of("**/*password*", "**/*passwd*", "**/*secret*",
            "**/*token*", "**/*apikey*", "**/*api_key*", "**/*credential*", "**/authorization", "**/*private_key*",
            "**/*privatekey*"));

    /**
     * Bulk retries and cancels walk the task table in ranges of this many ids, one short statement per range:
     * no statement reads more rows than this, and the locks it takes last one statement.
     */
    @Positive(message = "must be from 1 to 2147483647")
    private int bulkBatchIds = 2000;

    /**
     * The task list counts and pages through at most this many matching tasks ("10,000+"), and the overview counts
     * each status up to this many: so that no listing or count costs more on ten million tasks than on ten thousand.
     */
    @Min(value = 200, message = "must be from 200 to 1000000")
    @Max(value = 1_000_000, message = "must be from 200 to 1000000")
    private int listLimit = 10_000;

    /** How long one reading of the overview's statistics serves every caller: every open console asks every 2 s. */
    @NotNull
    @DurationMin(millis = 0, message = "must be from 0 to 1m")
    @DurationMax(minutes = 1, message = "must be from 0 to 1m")
    private Duration statsCache = Duration.ofSeconds(2);

    /** A bulk retry or cancel takes at most this many tasks; one that matches more is refused, naming this limit. */
    @Min(value = 1, message = "must be from 1 to 10000000")
    @Max(value = 10_000_000, message = "must be from 1 to 10000000")
    private int bulkMaxTasks = 100_000;

    public int getListLimit() {
        return listLimit;
    }

    public void setListLimit(int listLimit) {
        this.listLimit = listLimit;
    }

    public Duration getStatsCache() {
        return statsCache;
    }

    public void setStatsCache(Duration statsCache) {
        this.statsCache = statsCache;
    }

    public int getBulkMaxTasks() {
        return bulkMaxTasks;
    }

    public void setBulkMaxTasks(int bulkMaxTasks) {
        this.bulkMaxTasks = bulkMaxTasks;
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
}
