package com.tudicloud.asynctask.admin.api;

import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;

import static com.tudicloud.asynctask.admin.AdminApiTest.asOperator;
import static org.awaitility.Awaitility.await;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** A bulk action as the console runs it: the dry run, the action with the count it showed, the job to its end. */
final class BulkCalls {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final MockMvc mvc;

    BulkCalls(MockMvc mvc) {
        this.mvc = mvc;
    }

    /** {@code body} with more fields, e.g. with("{}", "\"dryRun\": true"). */
    static String with(String body, String fields) {
        String inner = body.trim().substring(1, body.trim().length() - 1).trim();
        return "{" + inner + (inner.isEmpty() ? "" : ", ") + fields + "}";
    }

    ResultActions post(String path, String body) throws Exception {
        return mvc.perform(asOperator(org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post(path))
                .contentType(MediaType.APPLICATION_JSON).content(body));
    }

    JsonNode dryRun(String path, String filter) throws Exception {
        return read(post(path, with(filter, "\"dryRun\": true")).andExpect(status().isOk()));
    }

    /** The dry run, then the action with its count; the job's state once it has ended. */
    JsonNode run(String path, String filter) throws Exception {
        long matched = dryRun(path, filter).get("matched").asLong();
        long id = read(post(path, with(filter, "\"expectedCount\": " + matched)).andExpect(status().isAccepted()))
                .get("id").asLong();
        await().atMost(Duration.ofSeconds(60)).until(() -> !"RUNNING".equals(job(id).get("state").asString()));
        return job(id);
    }

    JsonNode job(long id) throws Exception {
        return read(mvc.perform(asOperator(get("/api/bulk-jobs/" + id))).andExpect(status().isOk()));
    }

    static JsonNode read(ResultActions result) throws Exception {
        return JSON.readTree(result.andReturn().getResponse().getContentAsString());
    }
}
