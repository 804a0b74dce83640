package com.tudicloud.asynctask.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/** The gauges of the fleet, read from the database. */
@ConfigurationProperties("async-task.metrics")
public class AsyncTaskMetricsProperties {

    /** How often the queue depth gauges are read from the database (one query over the QUEUED and SCHEDULED rows). */
    private Duration queueRefreshInterval = Duration.ofSeconds(15);

    public Duration getQueueRefreshInterval() {
        return queueRefreshInterval;
    }

    public void setQueueRefreshInterval(Duration queueRefreshInterval) {
        this.queueRefreshInterval = queueRefreshInterval;
    }
}
