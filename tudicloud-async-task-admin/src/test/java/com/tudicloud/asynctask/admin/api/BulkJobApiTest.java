package com.tudicloud.asynctask.admin.api;

import com.tudicloud.asynctask.admin.AdminTestDatabase;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import tools.jackson.databind.JsonNode;

import java.time.Duration;

import static com.tudicloud.asynctask.admin.api.TaskApiTest.asViewer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * A bulk action takes what the operator saw counted, at most bulk-max-tasks tasks, as a background job that shows
 * its progress and stops when asked, one job at a time; its start and end are in the audit trail.
 */
@SpringBootTest(properties = {"async-task.worker.enabled=false", "async-task.admin.bulk-max-tasks=5",
        "async-task.admin.bulk-batch-ids=1"})
@AutoConfigureMockMvc
class BulkJobApiTest {

    private static final String FAILED = "{\"statuses\": [\"FAILED\"]}";

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        AdminTestDatabase.register(registry);
    }

    @Autowired
    MockMvc mvc;

    private final TestDatabase db = TestDatabase.get();
    private final JdbcTemplate jdbc = new JdbcTemplate(db.dataSource());
    private BulkCalls bulk;

    @BeforeEach
    void failedTasks() {
        db.deleteAllTasks();
        jdbc.update("DELETE FROM system_async_task_audit");
        bulk = new BulkCalls(mvc);
    }

    @AfterEach
    void stopWhatRuns() throws Exception {
        for (JsonNode job : BulkCalls.read(mvc.perform(asViewer(get("/api/bulk-jobs"))))) {
            bulk.post("/api/bulk-jobs/" + job.get("id").asLong() + "/stop", "{}");
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            for (JsonNode job : BulkCalls.read(mvc.perform(asViewer(get("/api/bulk-jobs"))))) {
                if ("RUNNING".equals(job.get("state").asString())) {
                    return false;
                }
            }
            return true;
        });
    }

    @Test
    void theActionCarriesTheCountItSawAndIsRefusedWhenTheMatchDiffersOrIsTooLarge() throws Exception {
        insertFailed(1, 2, 3);

        bulk.post("/api/tasks/bulk-retry", FAILED).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors[0].field").value("expectedCount"));
        bulk.post("/api/tasks/bulk-retry", BulkCalls.with(FAILED, "\"expectedCount\": 2")).andExpect(status().isConflict())
                .andExpect(jsonPath("$.detail").value(containsString("3 tasks match now, not the 2 you saw")));
        assertThat(count("FAILED")).isEqualTo(3);

        insertFailed(4, 5, 6);
        JsonNode dryRun = bulk.dryRun("/api/tasks/bulk-retry", FAILED);
        assertThat(dryRun.get("tooMany").asBoolean()).isTrue();
        assertThat(dryRun.get("maxTasks").asLong()).isEqualTo(5);
        bulk.post("/api/tasks/bulk-retry", BulkCalls.with(FAILED, "\"expectedCount\": 6")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail").value(containsString("more than 5 tasks")));
        assertThat(count("FAILED")).isEqualTo(6);
        assertThat(audit("bulk_retry", "count_changed")).isEqualTo(1);
    }

    @Test
    void aJobShowsItsProgressStopsWhenAskedAndOnlyOneRunsAtATime() throws Exception {
        // two tasks five million ids apart: in ranges of one id, the job runs long enough to be stopped
        insertFailed(1, 5_000_000);
        String started = mvc.perform(asViewer(get("/api/bulk-jobs"))).andReturn().getResponse().getContentAsString();
        assertThat(started).isEqualTo("[]");

        var answer = bulk.post("/api/tasks/bulk-retry", BulkCalls.with(FAILED, "\"expectedCount\": 2"))
                .andExpect(status().isAccepted()).andExpect(header().string("Location", containsString("/api/bulk-jobs/")));
        long id = BulkCalls.read(answer).get("id").asLong();
        await().atMost(Duration.ofSeconds(30)).until(() -> bulk.job(id).get("rangesDone").asLong() > 0);
        JsonNode running = bulk.job(id);
        assertThat(running.get("state").asString()).isEqualTo("RUNNING");
        assertThat(running.get("rangesTotal").asLong()).isEqualTo(5_000_000);
        assertThat(running.get("changed").asLong()).as("the task of id 1, in the first range").isEqualTo(1);

        // the task of id 1 is QUEUED again: the one task a cancel of all would take
        bulk.post("/api/tasks/bulk-cancel", "{\"all\": true, \"expectedCount\": 1}").andExpect(status().isConflict())
                .andExpect(jsonPath("$.detail").value(containsString("still running")));

        bulk.post("/api/bulk-jobs/" + id + "/stop", "{}").andExpect(status().isOk());
        await().atMost(Duration.ofSeconds(30)).until(() -> !"RUNNING".equals(bulk.job(id).get("state").asString()));
        JsonNode stopped = bulk.job(id);
        assertThat(stopped.get("state").asString()).isEqualTo("STOPPED");
        assertThat(stopped.get("rangesDone").asLong()).isLessThan(5_000_000);
        assertThat(stopped.get("percent").asInt()).isLessThan(100);
        assertThat(count("FAILED")).as("the far task was not reached").isEqualTo(1);
        assertThat(audit("bulk_retry", "started")).isEqualTo(1);
        assertThat(audit("bulk_stop", "ok")).isEqualTo(1);
        await().atMost(Duration.ofSeconds(10)).until(() -> audit("bulk_retry", "stopped") == 1);

        bulk.post("/api/bulk-jobs/99999/stop", "{}").andExpect(status().isNotFound());
        bulk.post("/api/bulk-jobs/x/stop", "{}").andExpect(status().isBadRequest());
        mvc.perform(asViewer(get("/api/bulk-jobs/" + id))).andExpect(status().isOk());
        mvc.perform(asViewer(org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post("/api/bulk-jobs/" + id + "/stop")))
                .andExpect(status().isForbidden());
    }

    private void insertFailed(long... ids) {
        for (long id : ids) {
            jdbc.update("INSERT INTO system_async_task (id, task_type, status, priority, available_at, attempt_count,"
                    + " max_attempts, lease_token, create_time, update_time, finished_at)"
                    + " VALUES (?, 'mail', 'FAILED', 0, NOW(3), 1, 1, 1, NOW(3), NOW(3), NOW(3))", id);
        }
    }

    private long count(String status) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE status = ?", Long.class, status);
    }

    private long audit(String action, String outcome) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task_audit WHERE action = ? AND outcome = ?",
                Long.class, action, outcome);
    }
}
