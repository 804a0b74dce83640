package com.tudicloud.asynctask.admin.security;

import com.tudicloud.asynctask.admin.AdminTestDatabase;
import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestBuilders.formLogin;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** CSRF only where a request authenticated by its own header, the security headers, and what the actuator shows whom. */
@SpringBootTest(properties = {"async-task.admin.task-types=mail", "async-task.worker.enabled=false"})
@AutoConfigureMockMvc
class SecurityDefaultsTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        AdminTestDatabase.register(registry);
    }

    @Autowired
    MockMvc mvc;

    @Autowired
    AsyncTaskClient client;

    @Test
    void aFailingAuthorizationHeaderNeitherSkipsCsrfNorLetsTheSessionCookieThrough() throws Exception {
        long id = client.submit(TaskRequest.of("mail", null)).taskId();
        MockHttpSession session = (MockHttpSession) mvc.perform(formLogin("/login").user("operator").password("operator"))
                .andExpect(status().isFound()).andReturn().getRequest().getSession(false);
        assertThat(session).isNotNull();

        // the session alone, no CSRF token: refused
        mvc.perform(post("/api/tasks/" + id + "/cancel").session(session)).andExpect(status().isForbidden());
        // the session and a wrong password in a Basic header: the header decides, and it fails
        mvc.perform(post("/api/tasks/" + id + "/cancel").session(session).with(httpBasic("operator", "wrong")))
                .andExpect(status().isUnauthorized());
        mvc.perform(post("/api/tasks/" + id + "/cancel").session(session).header("Authorization", "Bearer atk_nothing"))
                .andExpect(status().isUnauthorized());
        assertThat(client.get(id).orElseThrow().status().name()).isEqualTo("QUEUED");

        // credentials that authenticate this request by themselves need no CSRF token
        mvc.perform(post("/api/tasks/" + id + "/cancel").with(httpBasic("operator", "operator")))
                .andExpect(status().isOk()).andExpect(jsonPath("$.status").value("CANCELLED"));
    }

    /** No credentials, wrong ones: different problems, each saying what to do, in English and Chinese. */
    @Test
    void aWrongPasswordIsToldApartFromNoCredentials() throws Exception {
        mvc.perform(get("/api/tasks")).andExpect(status().isUnauthorized())
                .andExpect(jsonPath("$.detail", startsWith("Log in first")));
        mvc.perform(get("/api/tasks").with(httpBasic("viewer", "wrong"))).andExpect(status().isUnauthorized())
                .andExpect(jsonPath("$.detail", startsWith("Login refused: the credentials in the Authorization header")));
        mvc.perform(get("/api/tasks").with(httpBasic("nobody", "viewer"))).andExpect(status().isUnauthorized())
                .andExpect(jsonPath("$.detail", startsWith("Login refused")));
        mvc.perform(get("/api/tasks").header("Authorization", "Bearer atk_nothing")).andExpect(status().isUnauthorized())
                .andExpect(jsonPath("$.detail", startsWith("Login refused")));
        mvc.perform(get("/api/tasks").with(httpBasic("viewer", "wrong")).header("Accept-Language", "zh-CN"))
                .andExpect(status().isUnauthorized())
                .andExpect(jsonPath("$.detail", startsWith("登录被拒绝")));
    }

    @Test
    void requestsWithTheirOwnCredentialsCreateNoSession() throws Exception {
        var result = mvc.perform(get("/api/me").with(httpBasic("viewer", "viewer"))).andExpect(status().isOk()).andReturn();
        assertThat(result.getRequest().getSession(false)).isNull();
        assertThat(result.getResponse().getCookie("XSRF-TOKEN")).isNull();
    }

    @Test
    void everyAnswerCarriesTheContentSecurityAndReferrerPolicies() throws Exception {
        for (var request : new org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder[] {
                get("/login"), get("/api/me").with(httpBasic("viewer", "viewer")), get("/api/tasks"), get("/actuator/health")}) {
            mvc.perform(request)
                    .andExpect(header().string("Content-Security-Policy", SecurityConfiguration.CONTENT_SECURITY_POLICY))
                    .andExpect(header().string("Content-Security-Policy", org.hamcrest.Matchers.startsWith("default-src 'self';")))
                    .andExpect(header().string("Referrer-Policy", "same-origin"))
                    .andExpect(header().string("X-Content-Type-Options", "nosniff"));
        }
    }

    @Test
    void metricsNeedTheMetricsRoleAndHealthDetailsAnOperator() throws Exception {
        for (String path : new String[] {"/actuator/prometheus", "/actuator/metrics"}) {
            mvc.perform(get(path)).andExpect(status().isUnauthorized());
            mvc.perform(get(path).with(httpBasic("viewer", "viewer"))).andExpect(status().isForbidden());
            mvc.perform(get(path).with(httpBasic("operator", "operator"))).andExpect(status().isForbidden());
            mvc.perform(get(path).with(httpBasic("metrics", "metrics"))).andExpect(status().isOk());
        }
        mvc.perform(get("/api/tasks").with(httpBasic("metrics", "metrics"))).andExpect(status().isForbidden());

        mvc.perform(get("/actuator/health")).andExpect(status().isOk()).andExpect(jsonPath("$.status").value("UP"))
                .andExpect(jsonPath("$.components").doesNotExist());
        mvc.perform(get("/actuator/health").with(httpBasic("viewer", "viewer"))).andExpect(jsonPath("$.components").doesNotExist());
        mvc.perform(get("/actuator/health").with(httpBasic("operator", "operator")))
                .andExpect(jsonPath("$.components.db.status").value("UP"));

        // nothing else of the actuator is there for anyone
        for (String path : new String[] {"/actuator", "/actuator/env", "/actuator/beans", "/actuator/info", "/actuator/heapdump"}) {
            mvc.perform(get(path).with(httpBasic("metrics", "metrics"))).andExpect(status().is(not(200)));
            mvc.perform(get(path).with(httpBasic("operator", "operator"))).andExpect(status().is(not(200)));
        }
    }
}
