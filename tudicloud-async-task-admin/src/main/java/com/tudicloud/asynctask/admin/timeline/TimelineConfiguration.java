package com.tudicloud.asynctask.admin.timeline;

import com.tudicloud.asynctask.admin.AdminProperties;
import com.tudicloud.asynctask.admin.ConditionalOnConsole;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;


/** What the overview's charts read: finished tasks per minute and the admin's own samples of the queue. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnConsole
class TimelineConfiguration {

    @Bean
    FinishedMinutes finishedMinutes(TaskAdminStore store) {
        return new FinishedMinutes(store);
    }

    @Bean
    QueueSamples queueSamples(TaskAdminStore store, AdminProperties properties) {
        return new QueueSamples(store, properties.getQueueSampleInterval());
    }
}
