package com.tudicloud.asynctask.console.timeline;

import com.tudicloud.asynctask.console.ConsoleApiProperties;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** What the overview's charts read: finished tasks per minute and the console's own samples of the queue. */
@Configuration(proxyBeanMethods = false)
public class TimelineConfiguration {

    @Bean
    FinishedMinutes asyncTaskFinishedMinutes(TaskAdminStore store) {
        return new FinishedMinutes(store);
    }

    @Bean
    QueueSamples asyncTaskQueueSamples(TaskAdminStore store, ConsoleApiProperties properties) {
        return new QueueSamples(store, properties.getQueueSampleInterval());
    }
}
