package com.tudicloud.asynctask.admin.security;

import com.tudicloud.asynctask.admin.AdminTestDatabase;
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

/** The demo's users (operator/operator, viewer/viewer) go with the demo: with it off only configured users log in. */
@SpringBootTest(properties = {"async-task.demo.enabled=false",
        "async-task.admin.users[0].username=alice", "async-task.admin.users[0].password={noop}s3cret",
        "async-task.admin.users[0].role=VIEWER"})
@AutoConfigureMockMvc
class DemoUsersTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        AdminTestDatabase.registerWithoutUsers(registry);
    }

    @Autowired
    MockMvc mvc;

    @Test
    void withTheDemoOffItsUsersCannotLogIn() throws Exception {
        mvc.perform(get("/api/tasks").with(httpBasic("alice", "s3cret"))).andExpect(status().isOk());
        mvc.perform(get("/api/tasks").with(httpBasic("operator", "operator"))).andExpect(status().isUnauthorized());
        mvc.perform(get("/actuator/prometheus").with(httpBasic("viewer", "viewer"))).andExpect(status().isUnauthorized());
        mvc.perform(get("/actuator/prometheus").with(httpBasic("alice", "s3cret"))).andExpect(status().isOk());
    }
}
