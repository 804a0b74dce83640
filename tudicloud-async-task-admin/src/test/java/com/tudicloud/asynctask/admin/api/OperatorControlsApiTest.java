package com.tudicloud.asynctask.admin.api;

import com.tudicloud.asynctask.admin.AdminApiTest;
import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.RateLimit;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.MediaType;

import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.nullValue;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** Pause and resume, the task types' overview and bulk actions through the REST API, on the real database. */
@SpringBootTest(properties = {"async-task.admin.task-types=mail,report", "async-task.worker.enabled=false",
        "async-task.admin.bulk-batch-ids=7"})
class OperatorControlsApiTest extends AdminApiTest {

    @Autowired
    AsyncTaskClient client;

    @Autowired
    MeterRegistry meters;

    @Autowired
    FleetSettings fleetSettings;

    @Autowired
    LeaseStore leaseStore;

    @Test
    void anOperatorPausesAndResumesATypeAndTheOverviewShowsWhoAndWhen() throws Exception {
        List<TaskRequest> mail = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            mail.add(TaskRequest.of("mail", i));
        }
        client.submitAll(mail);
        client.submit(TaskRequest.of("legacy.type", 1));   // no handler, no configuration: known by its tasks
        double pausesBefore = actions("pause");

        mvc.perform(asOperator(post("/api/task-types/mail/pause")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.paused").value(true))
                .andExpect(jsonPath("$.changed").value(true))
                .andExpect(jsonPath("$.pausedBy").value("operator"))
                .andExpect(jsonPath("$.pausedAt").isNotEmpty());
        mvc.perform(asOperator(post("/api/task-types/mail/pause")))
                .andExpect(jsonPath("$.changed").value(false))
                .andExpect(jsonPath("$.paused").value(true));
        assertThat(actions("pause") - pausesBefore).isEqualTo(2);

        mvc.perform(asViewer(get("/api/task-types")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.finishedWindowMinutes").value(15))
                .andExpect(jsonPath("$.globalLimit").value(nullValue()))
                .andExpect(jsonPath("$.types[*].taskType").value(contains("legacy.type", "mail", "report")))
                .andExpect(jsonPath("$.types[1].waiting").value(3))
                .andExpect(jsonPath("$.types[1].due").value(3))
                .andExpect(jsonPath("$.types[1].running").value(0))
                .andExpect(jsonPath("$.types[1].paused").value(true))
                .andExpect(jsonPath("$.types[1].pausedBy").value("operator"))
                .andExpect(jsonPath("$.types[2].paused").value(false))
                .andExpect(jsonPath("$.types[2].waiting").value(0));

        mvc.perform(asOperator(post("/api/task-types/legacy.type/pause"))).andExpect(status().isOk());
        mvc.perform(asOperator(post("/api/task-types/mail/resume")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.paused").value(false))
                .andExpect(jsonPath("$.changed").value(true))
                .andExpect(jsonPath("$.pausedBy").value(nullValue()));
        mvc.perform(asOperator(post("/api/task-types/mail/resume"))).andExpect(jsonPath("$.changed").value(false));
        assertThat(rows.count("QUEUED")).as("a pause keeps the tasks").isEqualTo(4);
    }

    @Test
    void theOverviewShowsEachKeyCapAndRateLimitWithItsUse() throws Exception {
        fleetSettings.setConcurrencyLimits(new ConcurrencyLimits(0, Map.of(), Map.of("mail", 1),
                Map.of("report", new RateLimit(3, Duration.ofMinutes(1))), Set.of("mail")));
        List<TaskRequest> tasks = new ArrayList<>();
        for (String key : List.of("acme", "acme", "globex", "initech")) {
            tasks.add(TaskRequest.of("mail", key).withKey(key));
        }
        for (int i = 0; i < 5; i++) {
            tasks.add(TaskRequest.of("report", i));
        }
        client.submitAll(tasks);
        assertThat(leaseStore.claim(new ClaimRequest("w", Set.of("mail", "report"), 16, Duration.ofMinutes(1),
                fleetSettings.concurrencyLimits(Set.of("mail", "report"))))).hasSize(3 + 3);

        mvc.perform(asViewer(get("/api/task-types")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.types[*].taskType").value(contains("mail", "report")))
                .andExpect(jsonPath("$.types[0].limits.keyConcurrency").value(1))
                .andExpect(jsonPath("$.types[0].limits.keysAtCap").value(3))
                .andExpect(jsonPath("$.types[0].limits.fair").value(true))
                .andExpect(jsonPath("$.types[0].limits.rateLimit").value(nullValue()))
                .andExpect(jsonPath("$.types[1].limits.keyConcurrency").value(nullValue()))
                .andExpect(jsonPath("$.types[1].limits.rateLimit").value(3))
                .andExpect(jsonPath("$.types[1].limits.ratePeriodMs").value(60_000))
                .andExpect(jsonPath("$.types[1].limits.startsInWindow").value(3))
                .andExpect(jsonPath("$.types[1].limits.fair").value(false));
    }

    @Test
    void aViewerMayNotPauseNorActInBulkAndBadTypesAreNamed() throws Exception {
        mvc.perform(asViewer(post("/api/task-types/mail/pause")))
                .andExpect(status().isForbidden())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
        mvc.perform(asViewer(post("/api/tasks/bulk-retry")).contentType(MediaType.APPLICATION_JSON).content("{}"))
                .andExpect(status().isForbidden());
        mvc.perform(asOperator(post("/api/task-types/never.seen/pause")))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.detail").value(containsString("never.seen")));
        mvc.perform(asOperator(post("/api/task-types/" + "x".repeat(101) + "/pause")))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors[0].field").value("type"));
        mvc.perform(asOperator(post("/api/task-types/%20/resume")))
                .andExpect(status().isBadRequest());
        assertThat(rows.jdbc().queryForObject(
                "SELECT COUNT(*) FROM system_async_task_type", Long.class)).isZero();
    }

    @Test
    void aBulkRetryCountsFirstThenRetriesInBatchesAndARepeatChangesNothing() throws Exception {
        List<TaskRequest> requests = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            requests.add(TaskRequest.of(i % 3 == 0 ? "report" : "mail", i).withOwnerId(i % 2 == 0 ? "alice" : "bob"));
        }
        client.submitAll(requests);
        rows.jdbc().update("UPDATE system_async_task SET status = 'FAILED', finished_at = NOW(3), last_error = 'boom'");
        String alicesMail = """
                {"taskType": "mail", "ownerId": "alice", "statuses": ["FAILED"]}""";
        BulkCalls bulk = new BulkCalls(mvc);

        JsonNode dryRun = bulk.dryRun("/api/tasks/bulk-retry", alicesMail);
        assertThat(dryRun.get("dryRun").asBoolean()).isTrue();
        assertThat(dryRun.get("matched").asLong()).isEqualTo(10);
        assertThat(dryRun.get("tooMany").asBoolean()).isFalse();
        assertThat(rows.count("FAILED")).isEqualTo(30);

        JsonNode job = bulk.run("/api/tasks/bulk-retry", alicesMail);
        assertThat(job.get("state").asString()).isEqualTo("SUCCEEDED");
        assertThat(job.get("changed").asLong()).isEqualTo(10);
        assertThat(job.get("rangesDone").asLong()).isEqualTo(5);   // 30 ids in ranges of 7
        assertThat(job.get("percent").asInt()).isEqualTo(100);
        assertThat(job.get("user").asString()).isEqualTo("operator");
        assertThat(rows.count("QUEUED")).isEqualTo(10);
        assertThat(events("event_type = 'RETRIED' AND actor = 'operator' AND status = 'QUEUED'")).isEqualTo(10);
        long retried = rows.jdbc().queryForObject("SELECT MIN(id) FROM system_async_task WHERE status = 'QUEUED'", Long.class);
        mvc.perform(asOperator(get("/api/tasks/" + retried + "/events")))
                .andExpect(jsonPath("$.events[0].type").value("RETRIED"))
                .andExpect(jsonPath("$.events[0].actor").value("operator"));
        assertThat(bulk.dryRun("/api/tasks/bulk-retry", alicesMail).get("matched").asLong()).as("a repeat finds none").isZero();
        assertThat(events("1 = 1")).isEqualTo(10);

        double cancelsBefore = actions("bulk_cancel");
        JsonNode cancel = bulk.run("/api/tasks/bulk-cancel", "{\"all\": true}");
        assertThat(cancel.get("changed").asLong()).isEqualTo(10);
        assertThat(cancel.get("cancelRequested").asLong()).isZero();
        assertThat(rows.count("CANCELLED")).isEqualTo(10);
        assertThat(events("event_type = 'CANCELLED' AND actor = 'operator'")).isEqualTo(10);
        assertThat(actions("bulk_cancel") - cancelsBefore).as("its start and its end").isEqualTo(2);
    }

    private long events(String where) {
        return rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task_event WHERE " + where, Long.class);
    }

    @Test
    void bulkFiltersThatCannotApplyAreRefusedNamingTheField() throws Exception {
        mvc.perform(asOperator(post("/api/tasks/bulk-retry")).contentType(MediaType.APPLICATION_JSON)
                        .content("{\"statuses\": [\"SUCCESS\"]}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors[0].field").value("statuses"));
        mvc.perform(asOperator(post("/api/tasks/bulk-cancel")).contentType(MediaType.APPLICATION_JSON)
                        .content("{\"statuses\": [\"FAILED\"]}"))
                .andExpect(status().isBadRequest());
        mvc.perform(asOperator(post("/api/tasks/bulk-cancel")).contentType(MediaType.APPLICATION_JSON)
                        .content("{\"createdFrom\": \"2026-01-02T00:00:00Z\", \"createdTo\": \"2026-01-01T00:00:00Z\"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors[0].field").value("createdTo"));
        mvc.perform(asOperator(post("/api/tasks/bulk-retry")).contentType(MediaType.APPLICATION_JSON)
                        .content("{\"taskType\": \"" + "t".repeat(101) + "\"}"))
                .andExpect(status().isBadRequest());
        mvc.perform(asOperator(post("/api/tasks/bulk-retry")).contentType(MediaType.APPLICATION_JSON)
                        .content("{\"ownerId\": \"\\ud800\"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors[0].field").value("ownerId"));
        mvc.perform(asOperator(post("/api/tasks/bulk-retry")).contentType(MediaType.APPLICATION_JSON)
                        .content("{\"dryrun\": true}"))
                .andExpect(status().isBadRequest());
        // an empty filter matches every task: it must say all
        mvc.perform(asOperator(post("/api/tasks/bulk-retry")).contentType(MediaType.APPLICATION_JSON)
                        .content("{\"dryRun\": true}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors[0].field").value("all"));
        mvc.perform(asOperator(post("/api/tasks/bulk-cancel")).contentType(MediaType.APPLICATION_JSON)
                        .content("{\"taskType\": \" \", \"all\": false, \"expectedCount\": 0}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors[0].field").value("all"));
    }

    @Test
    void theOpenApiDocumentDescribesTheControlsAndKeepsTheTaskPathPlain() throws Exception {
        mvc.perform(asViewer(get("/v3/api-docs")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.paths['/api/tasks/{id}'].get").exists())
                .andExpect(jsonPath("$.paths['/api/task-types'].get").exists())
                .andExpect(jsonPath("$.paths['/api/task-types/{type}/pause'].post").exists())
                .andExpect(jsonPath("$.paths['/api/task-types/{type}/resume'].post").exists())
                .andExpect(jsonPath("$.paths['/api/tasks/bulk-retry'].post.requestBody").exists())
                .andExpect(jsonPath("$.paths['/api/tasks/bulk-cancel'].post.requestBody").exists())
                .andExpect(jsonPath("$.components.schemas.BulkAction.properties.dryRun").exists());
        mvc.perform(asViewer(get("/api/tasks/bulk-retry"))).andExpect(status().isMethodNotAllowed());
    }

    @Test
    void aPauseByAUserWithAVeryLongNameKeepsTheNameAsTheColumnHoldsIt() throws Exception {
        client.submit(TaskRequest.of("mail", 1));
        mvc.perform(post("/api/task-types/mail/pause").with(user("运".repeat(300)).roles("OPERATOR")).with(csrf()))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.pausedBy").value("运".repeat(255)));
    }

    private double actions(String action) {
        return meters.get("async.task.operator.actions").tag("action", action).counter().count();
    }
}
