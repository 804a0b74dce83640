package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.worker.ScheduleConfig;
import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/** Recurring tasks: every worker runs a scheduler loop; the database makes each fire time fire once. */
@ConfigurationProperties("async-task.schedules")
public class AsyncTaskScheduleProperties {

    /** Whether this worker runs the scheduler loop (any number of workers may). */
    private boolean enabled = true;

    /**
     * The longest wait between two polls for due schedules: the scheduler sleeps until the next fire time,
     * but sees schedules created or changed by other JVMs only when it polls.
     */
    private Duration refreshInterval = Duration.ofSeconds(60);

    /** Due schedules claimed per transaction. */
    private int batchSize = 20;

    /**
     * A schedule whose next fire time is older than this when it is fired is behind: its fire times up to now
     * are missed and fire as its misfire policy allows.
     */
    private Duration misfireThreshold = Duration.ofMinutes(1);

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public Duration getRefreshInterval() {
        return refreshInterval;
    }

    public void setRefreshInterval(Duration refreshInterval) {
        this.refreshInterval = refreshInterval;
    }

    public int getBatchSize() {
        return batchSize;
    }

    public void setBatchSize(int batchSize) {
        this.batchSize = batchSize;
    }

    public Duration getMisfireThreshold() {
        return misfireThreshold;
    }

    public void setMisfireThreshold(Duration misfireThreshold) {
        this.misfireThreshold = misfireThreshold;
    }

    /** @throws com.tudicloud.asynctask.worker.InvalidAsyncTaskSettingsException naming every setting out of range */
    public ScheduleConfig toConfig() {
        return new ScheduleConfig(refreshInterval, batchSize, misfireThreshold);
    }
}
