package com.tudicloud.asynctask.admin.api;

import com.tudicloud.asynctask.admin.AdminApiTest;
import com.tudicloud.asynctask.console.api.json.PayloadRedaction;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.MediaType;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * Redaction fails closed over the API: a payload that is no JSON is masked whole, secrets are masked by their
 * field names with the defaults, viewers see an error's first line only, and a schedule read and written back
 * keeps its secret.
 */
@SpringBootTest(properties = {"async-task.admin.task-types=report", "async-task.worker.enabled=false"})
class RedactionApiTest extends AdminApiTest {

    private static final String TRACE = "java.lang.IllegalStateException: upload failed\n"
            + "\tat com.example.Upload.run(Upload.java:7)\n"
            + "Caused by: java.io.IOException: PUT https://bucket.example.com/x?X-Amz-Signature=abc123\n";

    @BeforeEach
    void emptyTables() {
        jdbc.update("DELETE FROM system_async_task_schedule");
    }

    @Test
    void aViewerSeesTheFirstLineOfAnErrorAndAnOperatorTheWholeTrace() throws Exception {
        long id = failedTask("{\"rows\": 1}");
        jdbc.update("INSERT INTO system_async_task_event (task_id, event_type, attempt, lease_token, status, message, created_at)"
                + " VALUES (?, 'FAILED', 1, 1, 'FAILED', ?, NOW(3))", id, TRACE);

        for (String path : new String[] {"/api/tasks/" + id, "/api/tasks?status=FAILED"}) {
            String viewer = mvc.perform(get(path).with(httpBasic("viewer", "viewer"))).andExpect(status().isOk())
                    .andReturn().getResponse().getContentAsString();
            assertThat(viewer).contains("upload failed [...]").doesNotContain("abc123", "Upload.java");
            String operator = mvc.perform(get(path).with(httpBasic("operator", "operator")))
                    .andReturn().getResponse().getContentAsString();
            assertThat(operator).contains("abc123", "Upload.java:7");
        }
        mvc.perform(get("/api/tasks/" + id + "/events").with(httpBasic("viewer", "viewer")))
                .andExpect(jsonPath("$.events[0].message").value("java.lang.IllegalStateException: upload failed [...]"));
        mvc.perform(get("/api/tasks/" + id + "/events").with(httpBasic("operator", "operator")))
                .andExpect(jsonPath("$.events[0].message").value(TRACE));
    }

    @Test
    void aPayloadThatIsNotJsonIsMaskedWholeAndSecretsByTheirNames() throws Exception {
        long raw = failedTask("password=hunter2 (written by another client)");
        long json = failedTask("{\"user\": \"app\", \"db\": {\"password\": \"hunter2\"}, \"apiToken\": \"t-1\"}");

        mvc.perform(get("/api/tasks/" + raw).with(httpBasic("operator", "operator")))
                .andExpect(jsonPath("$.payload").value(PayloadRedaction.MASK))
                .andExpect(jsonPath("$.redactedFields", contains("")));
        String shown = mvc.perform(get("/api/tasks/" + json).with(httpBasic("operator", "operator")))
                .andExpect(jsonPath("$.payload.user").value("app"))
                .andExpect(jsonPath("$.redactedFields", contains("/db/password", "/apiToken")))
                .andReturn().getResponse().getContentAsString();
        assertThat(shown).doesNotContain("hunter2", "t-1");
    }

    @Test
    void aScheduleReadAndWrittenBackKeepsItsSecret() throws Exception {
        mvc.perform(post("/api/schedules").with(httpBasic("operator", "operator")).contentType(MediaType.APPLICATION_JSON)
                .content("""
                        {"name": "sync", "expression": "@every 1h", "taskType": "report",
                         "payload": {"endpoint": "https://a.example", "auth": {"password": "s3cret"}}}"""))
                .andExpect(status().isCreated()).andExpect(jsonPath("$.payload.auth.password").value("[redacted]"));
        String read = mvc.perform(get("/api/schedules/sync").with(httpBasic("operator", "operator")))
                .andReturn().getResponse().getContentAsString();
        assertThat(read).doesNotContain("s3cret");

        mvc.perform(put("/api/schedules/sync").with(httpBasic("operator", "operator")).contentType(MediaType.APPLICATION_JSON)
                .content("""
                        {"name": "sync", "expression": "@every 2h", "taskType": "report",
                         "payload": {"endpoint": "https://b.example", "auth": {"password": "[redacted]"}}}"""))
                .andExpect(status().isOk());

        String stored = jdbc.queryForObject("SELECT payload FROM system_async_task_schedule WHERE name = 'sync'", String.class);
        assertThat(stored).contains("s3cret", "https://b.example").doesNotContain("[redacted]");
    }

    private long failedTask(String payload) {
        jdbc.update("INSERT INTO system_async_task (task_type, status, priority, payload, available_at, attempt_count,"
                + " max_attempts, lease_token, last_error, create_time, update_time, finished_at)"
                + " VALUES ('report', 'FAILED', 0, ?, NOW(3), 1, 1, 1, ?, NOW(3), NOW(3), NOW(3))", payload, TRACE);
        return jdbc.queryForObject("SELECT MAX(id) FROM system_async_task", Long.class);
    }
}
