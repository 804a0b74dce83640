package com.tudicloud.asynctask.admin.security;

import com.tudicloud.asynctask.admin.AdminProperties;
import com.tudicloud.asynctask.admin.AdminApiToken;
import com.tudicloud.asynctask.admin.AdminTestDatabase;
import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;
import org.springframework.test.web.servlet.MockMvc;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hamcrest.Matchers.startsWith;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** API tokens: a role each, an expiry, only their digest configured, and no password check per request. */
@SpringBootTest(properties = {"async-task.admin.task-types=mail", "async-task.worker.enabled=false"})
@AutoConfigureMockMvc
class ApiTokenTest {

    private static final String OPERATOR = ApiTokens.newToken();
    private static final String VIEWER = ApiTokens.newToken();
    private static final String METRICS = ApiTokens.newToken();
    private static final String EXPIRED = ApiTokens.newToken();

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        AdminTestDatabase.register(registry);
        token(registry, 0, "ci", OPERATOR, "OPERATOR", "2999-01-01T00:00:00Z");
        token(registry, 1, "dashboard", VIEWER, "VIEWER", "2999-01-01T00:00:00Z");
        token(registry, 2, "prometheus", METRICS, "METRICS", "2999-01-01T00:00:00Z");
        token(registry, 3, "old", EXPIRED, "OPERATOR", "2020-01-01T00:00:00Z");
    }

    private static void token(DynamicPropertyRegistry registry, int index, String name, String token, String role,
                              String expiresAt) {
        String prefix = "async-task.admin.api-tokens[" + index + "].";
        registry.add(prefix + "name", () -> name);
        registry.add(prefix + "hash", () -> ApiTokens.digest(token));
        registry.add(prefix + "role", () -> role);
        registry.add(prefix + "expires-at", () -> expiresAt);
    }

    @Autowired
    MockMvc mvc;

    @Autowired
    AsyncTaskClient client;

    @Autowired
    MeterRegistry registry;

    @MockitoSpyBean
    PasswordEncoder passwords;

    @Test
    void aTokenActsWithItsRoleWithoutCsrfOrSessionOrPasswordCheck() throws Exception {
        long id = client.submit(TaskRequest.of("mail", null)).taskId();

        mvc.perform(get("/api/me").header("Authorization", "Bearer " + OPERATOR)).andExpect(status().isOk())
                .andExpect(jsonPath("$.username").value("token:ci")).andExpect(jsonPath("$.canOperate").value(true));
        var cancel = mvc.perform(post("/api/tasks/" + id + "/cancel").header("Authorization", "bearer " + OPERATOR))
                .andExpect(status().isOk()).andReturn();
        assertThat(cancel.getRequest().getSession(false)).isNull();

        mvc.perform(get("/api/tasks").header("Authorization", "Bearer " + VIEWER)).andExpect(status().isOk());
        mvc.perform(post("/api/tasks/" + id + "/retry").header("Authorization", "Bearer " + VIEWER))
                .andExpect(status().isForbidden());
        mvc.perform(get("/actuator/prometheus").header("Authorization", "Bearer " + METRICS)).andExpect(status().isOk());
        mvc.perform(get("/api/tasks").header("Authorization", "Bearer " + METRICS)).andExpect(status().isForbidden());
        mvc.perform(get("/v3/api-docs").header("Authorization", "Bearer " + VIEWER)).andExpect(status().isOk());

        verifyNoInteractions(passwords);
    }

    @Test
    void anExpiredUnknownOrMangledTokenIs401AndCounted() throws Exception {
        double before = registry.counter("async.task.login.failures", "reason", "token_refused").count();
        mvc.perform(get("/api/me").header("Authorization", "Bearer " + EXPIRED)).andExpect(status().isUnauthorized())
                .andExpect(jsonPath("$.detail", startsWith("This API token has expired")));
        for (String header : new String[] {"Bearer " + OPERATOR + "x", "Bearer ", "Bearer", "Bearer " + OPERATOR.substring(4),
                "Bearer  " + "\u00e9" + OPERATOR, "Token " + OPERATOR, OPERATOR}) {
            mvc.perform(get("/api/me").header("Authorization", header)).andExpect(status().isUnauthorized());
        }
        assertThat(registry.counter("async.task.login.failures", "reason", "token_expired").count()).isGreaterThanOrEqualTo(1);
        assertThat(registry.counter("async.task.login.failures", "reason", "token_refused").count()).isGreaterThan(before);
        verifyNoInteractions(passwords);
    }

    @Test
    void aTokenConfiguredWithoutNameHashOrExpiryStopsTheStart() {
        Clock clock = Clock.systemUTC();
        assertThatThrownBy(() -> new ApiTokens(List.of(config("ci", "sha256:abc", Instant.MAX)), clock))
                .isInstanceOf(NoLoginsException.class).hasMessageContaining("api-tokens[0]");
        assertThatThrownBy(() -> new ApiTokens(List.of(config("ci", ApiTokens.digest("x"), null)), clock))
                .isInstanceOf(NoLoginsException.class);
        assertThatThrownBy(() -> new ApiTokens(List.of(config(" ", ApiTokens.digest("x"), Instant.MAX)), clock))
                .isInstanceOf(NoLoginsException.class);
        assertThatThrownBy(() -> new ApiTokens(List.of(config("ci", ApiTokens.digest("x").toUpperCase(), Instant.MAX)), clock))
                .isInstanceOf(NoLoginsException.class);
        assertThatThrownBy(() -> new ApiTokens(List.of(config("a", ApiTokens.digest("x"), Instant.MAX),
                config("a", ApiTokens.digest("y"), Instant.MAX)), clock)).isInstanceOf(NoLoginsException.class)
                .hasMessageContaining("api-tokens[1]");
        assertThatThrownBy(() -> new ApiTokens(List.of(config("a", ApiTokens.digest("x"), Instant.MAX),
                config("b", ApiTokens.digest("x"), Instant.MAX)), clock)).isInstanceOf(NoLoginsException.class);
    }

    @Test
    void newTokensAreLongRandomAndUrlSafe() {
        String token = ApiTokens.newToken();
        assertThat(token).startsWith("atk_").hasSize(4 + 43).matches("atk_[A-Za-z0-9_-]+");
        assertThat(ApiTokens.newToken()).isNotEqualTo(token);
        assertThat(ApiTokens.digest(token)).matches("sha256:[0-9a-f]{64}");
    }

    private static AdminApiToken config(String name, String hash, Instant expiresAt) {
        AdminApiToken token = new AdminApiToken();
        token.setName(name);
        token.setHash(hash);
        token.setExpiresAt(expiresAt);
        return token;
    }
}
