package com.tudicloud.asynctask.admin.audit;

import com.tudicloud.asynctask.admin.AdminApiTest;
import com.tudicloud.asynctask.console.audit.AuditRetention;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.request.RequestPostProcessor;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.is;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The audit trail: every operator action with user, address, target and outcome, submits with the user kept
 * for the task, failed logins; read through GET /api/audit by operators only, filtered and paged; no way to
 * change it through the API; pruned by age.
 */
@SpringBootTest(properties = {"async-task.admin.task-types=mail", "async-task.worker.enabled=false"})
class AuditApiTest extends AdminApiTest {

    @Autowired
    AuditRetention retention;

    @BeforeEach
    void emptyTrail() {
        jdbc.update("DELETE FROM system_async_task_audit");
    }

    @Test
    void actionsSubmitsAndFailedLoginsAreRecordedWithUserAddressAndOutcome() throws Exception {
        String created = mvc.perform(post("/api/tasks").with(httpBasic("operator", "operator")).with(from("10.9.0.1"))
                        .contentType(MediaType.APPLICATION_JSON).content("{\"taskType\": \"mail\"}"))
                .andExpect(status().isCreated()).andReturn().getResponse().getContentAsString();
        long id = Long.parseLong(created.replaceAll("^\\{\"id\":(\\d+),.*", "$1"));
        mvc.perform(get("/api/tasks/" + id).with(httpBasic("viewer", "viewer")))
                .andExpect(jsonPath("$.submittedBy").value("operator"));
        mvc.perform(post("/api/tasks/" + id + "/cancel").with(httpBasic("operator", "operator")).with(from("10.9.0.1")))
                .andExpect(status().isOk());
        mvc.perform(post("/api/tasks/" + id + "/cancel").with(httpBasic("operator", "operator")))
                .andExpect(status().isConflict());
        mvc.perform(get("/api/me").with(httpBasic("mallory", "guess")).with(from("10.9.0.66")))
                .andExpect(status().isUnauthorized());

        mvc.perform(get("/api/audit").with(httpBasic("operator", "operator"))).andExpect(status().isOk())
                .andExpect(jsonPath("$.items.length()").value(4))
                .andExpect(jsonPath("$.items[0].action").value("login_failed"))
                .andExpect(jsonPath("$.items[0].username").value("mallory"))
                .andExpect(jsonPath("$.items[0].clientAddress").value("10.9.0.66"))
                .andExpect(jsonPath("$.items[1].action").value("cancel"))
                .andExpect(jsonPath("$.items[1].outcome").value("already_finished"))
                .andExpect(jsonPath("$.items[2].outcome").value("cancelled"))
                .andExpect(jsonPath("$.items[2].taskId").value(id))
                .andExpect(jsonPath("$.items[2].clientAddress").value("10.9.0.1"))
                .andExpect(jsonPath("$.items[3].action").value("submit"))
                .andExpect(jsonPath("$.items[3].username").value("operator"))
                .andExpect(jsonPath("$.items[3].occurredAt").exists());
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task_audit WHERE target LIKE '%guess%'",
                Long.class)).as("no password recorded").isZero();
    }

    @Test
    void theTrailIsFilteredByUserActionAndTimeAndPagedNewestFirst() throws Exception {
        for (int i = 0; i < 5; i++) {
            jdbc.update("INSERT INTO system_async_task_audit (occurred_at, username, action, outcome) VALUES "
                    + "(TIMESTAMPADD(HOUR, ?, NOW(3)), ?, ?, 'ok')", -i, i % 2 == 0 ? "alice" : "bob", i < 3 ? "retry" : "pause");
        }
        mvc.perform(get("/api/audit?user=alice").with(httpBasic("operator", "operator")))
                .andExpect(jsonPath("$.items[*].username", everyItem(is("alice")))).andExpect(jsonPath("$.items.length()").value(3));
        mvc.perform(get("/api/audit?action=pause").with(httpBasic("operator", "operator")))
                .andExpect(jsonPath("$.items.length()").value(2));
        String page = mvc.perform(get("/api/audit?limit=2").with(httpBasic("operator", "operator")))
                .andExpect(jsonPath("$.items.length()").value(2)).andReturn().getResponse().getContentAsString();
        long before = Long.parseLong(page.replaceAll("(?s).*\"nextBefore\":(\\d+).*", "$1"));
        mvc.perform(get("/api/audit?limit=2&before=" + before).with(httpBasic("operator", "operator")))
                .andExpect(jsonPath("$.items.length()").value(2));
        mvc.perform(get("/api/audit?limit=50&before=" + (before - 2)).with(httpBasic("operator", "operator")))
                .andExpect(jsonPath("$.items.length()").value(1)).andExpect(jsonPath("$.nextBefore").doesNotExist());
        String twoAndAHalfHoursAgo = Instant.now().minus(Duration.ofMinutes(150)).toString();
        mvc.perform(get("/api/audit?from=" + twoAndAHalfHoursAgo).with(httpBasic("operator", "operator")))
                .andExpect(jsonPath("$.items.length()").value(3));
        for (String bad : new String[] {"limit=0", "limit=501", "before=0", "from=yesterday", "user=" + "u".repeat(256),
                "from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z"}) {
            mvc.perform(get("/api/audit?" + bad).with(httpBasic("operator", "operator"))).andExpect(status().isBadRequest());
        }
    }

    @Test
    void onlyOperatorsReadTheTrailAndNobodyChangesItThroughTheApi() throws Exception {
        jdbc.update("INSERT INTO system_async_task_audit (occurred_at, username, action, outcome) VALUES (NOW(3), 'a', 'x', 'ok')");
        mvc.perform(get("/api/audit").with(httpBasic("viewer", "viewer"))).andExpect(status().isForbidden());
        mvc.perform(get("/api/audit")).andExpect(status().isUnauthorized());
        for (MockHttpServletRequestBuilder write : new MockHttpServletRequestBuilder[] {
                post("/api/audit"), put("/api/audit"), delete("/api/audit"), delete("/api/audit/1")}) {
            int answer = mvc.perform(write.with(httpBasic("operator", "operator")).contentType(MediaType.APPLICATION_JSON)
                    .content("{}")).andReturn().getResponse().getStatus();
            assertThat(answer).isIn(404, 405);
        }
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task_audit", Long.class)).isEqualTo(1);
    }

    @Test
    void retentionDeletesTheRecordsOlderThanTheAuditAge() throws Exception {
        jdbc.update("INSERT INTO system_async_task_audit (occurred_at, username, action, outcome) VALUES "
                + "(TIMESTAMPADD(DAY, -366, NOW(3)), 'old', 'retry', 'ok'), (TIMESTAMPADD(DAY, -364, NOW(3)), 'young', 'retry', 'ok')");

        assertThat(retention.prune()).isEqualTo(1);

        assertThat(jdbc.queryForList("SELECT username FROM system_async_task_audit", String.class)).containsExactly("young");
    }

    private static RequestPostProcessor from(String address) {
        return request -> {
            request.setRemoteAddr(address);
            return request;
        };
    }
}
