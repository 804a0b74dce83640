package com.tudicloud.asynctask.admin;

import com.tudicloud.asynctask.console.api.TaskController;
import com.tudicloud.asynctask.worker.engine.AsyncTaskWorker;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * With the console switched off and the worker asked for, the admin is a plain worker node (recovery and
 * retention for the fleet): no API, no pages, health still served.
 */
@SpringBootTest(properties = {"async-task.admin.console.enabled=false", "async-task.worker.enabled=true"})
@AutoConfigureMockMvc
class PlainWorkerNodeTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        AdminTestDatabase.register(registry);
    }

    @Autowired
    MockMvc mvc;

    @Autowired
    ApplicationContext context;

    @Test
    void servesNoConsoleButRunsTheWorker() throws Exception {
        assertThat(context.getBeansOfType(TaskController.class)).isEmpty();
        assertThat(context.getBean(AsyncTaskWorker.class).isRunning()).isTrue();

        mvc.perform(get("/api/tasks").with(httpBasic("viewer", "viewer"))).andExpect(status().isNotFound());
        mvc.perform(get("/console/index.html").with(httpBasic("viewer", "viewer"))).andExpect(status().isNotFound());
        mvc.perform(get("/actuator/health")).andExpect(status().isOk());
    }
}
