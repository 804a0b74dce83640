package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.worker.RetentionConfig;
import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/** Deleting finished tasks; one worker of the fleet at a time does it, arbitrated by the database. */
@ConfigurationProperties("async-task.retention")
public class AsyncTaskRetentionProperties {

    /** Whether workers prune finished tasks. */
    private boolean enabled = true;

    /** How often a round runs (on whichever worker gets the retention lock). */
    private Duration interval = Duration.ofMinutes(10);

    /** SUCCESS tasks finished longer ago than this are deleted. */
    private Duration successAge = Duration.ofDays(7);

    /** FAILED tasks finished longer ago than this are deleted. */
    private Duration failedAge = Duration.ofDays(30);

    /** CANCELLED tasks finished longer ago than this are deleted. */
    private Duration cancelledAge = Duration.ofDays(30);

    /** Records of the admin's audit trail older than this are deleted (by the admin application). */
    private Duration auditAge = Duration.ofDays(365);

    /** Rows deleted per statement: short transactions, short locks. */
    private int batchSize = 1000;

    /** Pause between two batches, so that the database serves claims in between. */
    private Duration batchPause = Duration.ofMillis(50);

    /** Batches per status per round, at most; the rest waits for the next round. */
    private int maxBatches = 200;

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public Duration getInterval() {
        return interval;
    }

    public void setInterval(Duration interval) {
        this.interval = interval;
    }

    public Duration getSuccessAge() {
        return successAge;
    }

    public void setSuccessAge(Duration successAge) {
        this.successAge = successAge;
    }

    public Duration getFailedAge() {
        return failedAge;
    }

    public void setFailedAge(Duration failedAge) {
        this.failedAge = failedAge;
    }

    public Duration getCancelledAge() {
        return cancelledAge;
    }

    public void setCancelledAge(Duration cancelledAge) {
        this.cancelledAge = cancelledAge;
    }

    public Duration getAuditAge() {
        return auditAge;
    }

    public void setAuditAge(Duration auditAge) {
        this.auditAge = auditAge;
    }

    public int getBatchSize() {
        return batchSize;
    }

    public void setBatchSize(int batchSize) {
        this.batchSize = batchSize;
    }

    public Duration getBatchPause() {
        return batchPause;
    }

    public void setBatchPause(Duration batchPause) {
        this.batchPause = batchPause;
    }

    public int getMaxBatches() {
        return maxBatches;
    }

    public void setMaxBatches(int maxBatches) {
        this.maxBatches = maxBatches;
    }

    /** @throws com.tudicloud.asynctask.worker.InvalidAsyncTaskSettingsException naming every setting out of range */
    public RetentionConfig toConfig() {
        return new RetentionConfig(interval, successAge, failedAge, cancelledAge, batchSize, batchPause, maxBatches);
    }
}
