package com.tudicloud.asynctask.admin.timeline;

import com.tudicloud.asynctask.admin.AdminProperties;
import com.tudicloud.asynctask.admin.api.ConditionalOnConsole;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Duration;

/** What the overview's charts read: finished tasks per minute and the admin's own samples of the queue. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnConsole
class TimelineConfiguration {

    private static final Duration SHORTEST_INTERVAL = Duration.ofSeconds(1);
    private static final Duration LONGEST_INTERVAL = Duration.ofMinutes(5);

    @Bean
    FinishedMinutes finishedMinutes(TaskAdminStore store) {
        return new FinishedMinutes(store);
    }

    @Bean
    QueueSamples queueSamples(TaskAdminStore store, AdminProperties properties) {
        Duration interval = properties.getQueueSampleInterval();
        if (interval == null || interval.compareTo(SHORTEST_INTERVAL) < 0 || interval.compareTo(LONGEST_INTERVAL) > 0) {
            throw new IllegalStateException("async-task.admin.queue-sample-interval must be between 1s and 5m, not "
                    + interval);
        }
        return new QueueSamples(store, interval);
    }
}
