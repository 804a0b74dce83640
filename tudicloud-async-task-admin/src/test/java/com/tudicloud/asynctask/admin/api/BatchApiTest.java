package com.tudicloud.asynctask.admin.api;

import com.jayway.jsonpath.JsonPath;
import com.tudicloud.asynctask.admin.AdminApiTest;
import com.tudicloud.asynctask.console.api.json.BatchBody;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.MediaType;

import java.util.Collections;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** /api/batches end to end on the real database: submit, read, list, cancel, and bad input refused with a 4xx. */
@SpringBootTest(properties = {"async-task.admin.task-types=mail,report", "async-task.worker.enabled=false",
        "async-task.admin.max-body-bytes=4096"})
class BatchApiTest extends AdminApiTest {

    private static final String BATCH = """
            {"children": [{"taskType": "report", "payload": {"page": 1}}, {"taskType": "report", "payload": {"page": 2}}],
             "onSuccess": {"taskType": "mail", "payload": {"to": "a@example.com"}},
             "onComplete": {"taskType": "mail"}, "ownerId": "alice"}
            """;

    @Test
    void anOperatorSubmitsReadsListsAndCancelsABatch() throws Exception {
        String created = mvc.perform(asOperator(post("/api/batches")).contentType(MediaType.APPLICATION_JSON).content(BATCH))
                .andExpect(status().isCreated())
                .andExpect(jsonPath("$.state").value("OPEN"))
                .andExpect(jsonPath("$.total").value(2))
                .andExpect(jsonPath("$.children.QUEUED").value(2))
                .andExpect(jsonPath("$.progressPercent").value(0))
                .andExpect(jsonPath("$.callbackTypes.SUCCESS").value("mail"))
                .andExpect(jsonPath("$.ownerId").value("alice"))
                .andExpect(jsonPath("$.createdAt", endsWith("Z")))   // an instant, as a task's times are
                .andReturn().getResponse().getContentAsString();
        long id = ((Number) JsonPath.read(created, "$.id")).longValue();
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE batch_id = ?", Long.class, id))
                .isEqualTo(2);

        mvc.perform(asViewer(get("/api/batches/" + id))).andExpect(status().isOk())
                .andExpect(jsonPath("$.children.QUEUED").value(2));
        mvc.perform(asViewer(get("/api/batches?state=OPEN"))).andExpect(status().isOk())
                .andExpect(jsonPath("$[0].id").value(id));

        mvc.perform(asOperator(post("/api/batches/" + id + "/cancel"))).andExpect(status().isOk())
                .andExpect(jsonPath("$.state").value("CANCELLED"))
                .andExpect(jsonPath("$.children.CANCELLED").value(2))
                .andExpect(jsonPath("$.progressPercent").value(100));
        // the cancel rule: the completion callback only
        assertThat(jdbc.queryForList("SELECT dedup_key FROM system_async_task WHERE task_type = 'mail'", String.class))
                .containsExactly("batch:" + id + ":complete");
        mvc.perform(asOperator(post("/api/batches/" + id + "/cancel"))).andExpect(status().isConflict())
                .andExpect(jsonPath("$.detail", containsString("CANCELLED")));
    }

    @Test
    void badInputIsRefusedWithA4xxNamingIt() throws Exception {
        expectBadRequest("{\"children\": []}", "children");
        expectBadRequest("{\"children\": [{\"taskType\": \"unknown.type\"}]}", "unknown task type");
        expectBadRequest("{\"children\": [{\"taskType\": \"report\", \"dedupKey\": \"k\"}]}", "children[0].dedupKey");
        expectBadRequest("{\"children\": [{\"taskType\": \"report\"}], \"onFailure\": {\"taskType\": \"nope\"}}",
                "onFailure.taskType");
        String tooMany = "{\"children\": [" + String.join(",", Collections.nCopies(BatchBody.MAX_CHILDREN + 1, "{}")) + "]}";
        mvc.perform(asOperator(post("/api/batches")).contentType(MediaType.APPLICATION_JSON).content(tooMany))
                .andExpect(result -> assertThat(result.getResponse().getStatus()).isIn(400, 413));
        String huge = "{\"children\": [{\"taskType\": \"report\", \"payload\": \"" + "x".repeat(10_000) + "\"}]}";
        mvc.perform(asOperator(post("/api/batches")).contentType(MediaType.APPLICATION_JSON).content(huge))
                .andExpect(status().isPayloadTooLarge());
        mvc.perform(asViewer(post("/api/batches")).contentType(MediaType.APPLICATION_JSON).content(BATCH))
                .andExpect(status().isForbidden());
        mvc.perform(asViewer(get("/api/batches/999999"))).andExpect(status().isNotFound());
        mvc.perform(asViewer(get("/api/batches?size=0"))).andExpect(status().isBadRequest());
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task_batch", Long.class)).isZero();
    }

    @Test
    void theBatchesAreInTheOpenApiDocumentWithExamples() throws Exception {
        mvc.perform(asViewer(get("/v3/api-docs")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.paths['/api/batches'].post.summary").value("Submit a batch"))
                .andExpect(jsonPath("$.paths['/api/batches'].post.responses['400']").exists())
                .andExpect(jsonPath("$.paths['/api/batches'].get.summary").value("List batches"))
                .andExpect(jsonPath("$.paths['/api/batches/{batchId}'].get.responses['404']").exists())
                .andExpect(jsonPath("$.paths['/api/batches/{batchId}/cancel'].post.responses['409']").exists())
                .andExpect(jsonPath("$.components.schemas.SubmitBatch.example.children[0].taskType").value("demo.export"))
                .andExpect(jsonPath("$.components.schemas.SubmitBatch.properties.children.maxItems")
                        .value(BatchBody.MAX_CHILDREN))
                .andExpect(jsonPath("$.components.schemas.Batch.properties.progressPercent.example").value(64));
    }

    private void expectBadRequest(String body, String named) throws Exception {
        mvc.perform(asOperator(post("/api/batches")).contentType(MediaType.APPLICATION_JSON).content(body))
                .andExpect(status().isBadRequest())
                .andExpect(result -> assertThat(result.getResponse().getContentAsString()).contains(named));
    }
}
