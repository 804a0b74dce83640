package com.tudicloud.asynctask.admin.security;

import com.tudicloud.asynctask.admin.AdminTestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.RequestPostProcessor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.clearInvocations;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * Failed logins are throttled per user name and per client address: once a caller's allowance is used up it
 * gets 429 with Retry-After and its password is not even checked; each failure is logged without the password
 * and counted. Each test uses user names and addresses of its own, since the throttle outlives a test.
 */
@SpringBootTest(properties = "async-task.worker.enabled=false")
@AutoConfigureMockMvc
@ExtendWith(OutputCaptureExtension.class)
class LoginThrottleTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        AdminTestDatabase.register(registry);
        registry.add("async-task.admin.login-throttle.per-user-per-minute", () -> "3");
        registry.add("async-task.admin.login-throttle.per-user-per-hour", () -> "10");
        registry.add("async-task.admin.login-throttle.per-address-per-minute", () -> "6");
        registry.add("async-task.admin.login-throttle.per-address-per-hour", () -> "50");
    }

    @Autowired
    MockMvc mvc;

    @Autowired
    MeterRegistry registry;

    @MockitoSpyBean
    PasswordEncoder passwords;

    @Test
    void aUserNameOutOfTriesGets429WithoutAPasswordCheckFromAnyAddress(CapturedOutput output) throws Exception {
        for (int i = 0; i < 3; i++) {
            mvc.perform(get("/api/me").with(httpBasic("operator", "guess-number-" + i)).with(from("10.1.0." + i)))
                    .andExpect(status().isUnauthorized());
        }
        clearInvocations(passwords);

        // the right password, even from a fresh address: refused before any check
        mvc.perform(get("/api/me").with(httpBasic("operator", "operator")).with(from("10.1.0.99")))
                .andExpect(status().isTooManyRequests())
                .andExpect(header().string("Retry-After", org.hamcrest.Matchers.matchesRegex("[1-9]|[1-5][0-9]|60")))
                .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString("Too many failed logins")));
        verify(passwords, never()).matches(any(), any());
        // another user is not held up
        mvc.perform(get("/api/me").with(httpBasic("viewer", "viewer")).with(from("10.1.0.99"))).andExpect(status().isOk());

        assertThat(output).contains("Login failed: user 'operator' from 10.1.0.0").doesNotContain("guess-number-");
        assertThat(registry.counter("async.task.login.throttled").count()).isGreaterThanOrEqualTo(1);
        assertThat(registry.counter("async.task.login.failures", "reason", "refused").count()).isGreaterThanOrEqualTo(3);
    }

    @Test
    void anAddressOutOfTriesGets429WhateverUserItTries() throws Exception {
        for (int i = 0; i < 6; i++) {
            mvc.perform(get("/api/me").with(httpBasic("nobody-" + i, "x")).with(from("10.2.0.1")))
                    .andExpect(status().isUnauthorized());
        }
        clearInvocations(passwords);

        mvc.perform(get("/api/me").with(httpBasic("viewer", "viewer")).with(from("10.2.0.1")))
                .andExpect(status().isTooManyRequests()).andExpect(header().exists("Retry-After"));
        mvc.perform(get("/api/me").header("Authorization", "Bearer atk_whatever").with(from("10.2.0.1")))
                .andExpect(status().isTooManyRequests());
        verify(passwords, never()).matches(any(), any());
        mvc.perform(get("/api/me").with(httpBasic("viewer", "viewer")).with(from("10.2.0.2"))).andExpect(status().isOk());
    }

    @Test
    void theLoginFormIsThrottledToo() throws Exception {
        for (int i = 0; i < 3; i++) {
            mvc.perform(post("/login").param("username", "metrics").param("password", "nope").with(csrf())
                    .with(from("10.3.0.1"))).andExpect(status().isFound());
        }
        mvc.perform(post("/login").param("username", "metrics").param("password", "metrics").with(csrf())
                .with(from("10.3.0.2"))).andExpect(status().isTooManyRequests()).andExpect(header().exists("Retry-After"));
    }

    @Test
    void anUnthrottledCallerIsCheckedAsAlways() throws Exception {
        mvc.perform(get("/api/me").with(httpBasic("viewer", "viewer")).with(from("10.4.0.1"))).andExpect(status().isOk());
        verify(passwords).matches(any(), any());
    }

    private static RequestPostProcessor from(String address) {
        return request -> {
            request.setRemoteAddr(address);
            return request;
        };
    }
}
