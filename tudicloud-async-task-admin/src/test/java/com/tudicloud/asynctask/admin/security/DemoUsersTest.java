package com.tudicloud.asynctask.admin.security;

import com.tudicloud.asynctask.admin.AdminTestDatabase;
import com.tudicloud.asynctask.admin.TestLogins;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The demo's users (operator/operator, viewer/viewer) are never added beside configured ones: with the demo
 * running and one user configured, only that user logs in.
 */
@SpringBootTest(properties = {"async-task.admin.users[0].username=alice", "async-task.admin.users[0].password=" + TestLogins.VIEWER_HASH,
        "async-task.admin.users[0].role=VIEWER", "async-task.worker.enabled=false"})
@AutoConfigureMockMvc
class DemoUsersTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        AdminTestDatabase.registerWithoutUsers(registry);
        registry.add("async-task.demo.enabled", () -> "true");
        registry.add("async-task.demo.initial-tasks-per-type", () -> "0");
        registry.add("async-task.demo.tasks-per-feed", () -> "0");
    }

    @Autowired
    MockMvc mvc;

    @Test
    void withUsersConfiguredTheDemoUsersCannotLogInEvenWhileTheDemoRuns() throws Exception {
        mvc.perform(get("/api/tasks").with(httpBasic("alice", "viewer"))).andExpect(status().isOk());
        mvc.perform(get("/api/tasks").with(httpBasic("operator", "operator"))).andExpect(status().isUnauthorized());
        mvc.perform(get("/api/tasks").with(httpBasic("viewer", "viewer"))).andExpect(status().isUnauthorized());
    }
}
