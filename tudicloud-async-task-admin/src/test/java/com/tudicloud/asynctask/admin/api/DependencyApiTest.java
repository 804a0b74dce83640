package com.tudicloud.asynctask.admin.api;

import com.jayway.jsonpath.JsonPath;
import com.tudicloud.asynctask.admin.AdminApiTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.MediaType;

import java.util.Collections;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * Dependencies over REST on the real database: a submit that waits for tasks, a task's dependencies and dependents,
 * a cancel that cancels the waiting dependents, bad ids refused with a 400 naming {@code after}, and the OpenAPI
 * document.
 */
@SpringBootTest(properties = {"async-task.admin.task-types=report", "async-task.worker.enabled=false"})
class DependencyApiTest extends AdminApiTest {

    @Test
    void aTaskSubmittedAfterAnotherWaitsIsListedBothWaysAndFollowsItsCancel() throws Exception {
        long first = submit("{\"taskType\": \"report\"}");
        long second = submit("{\"taskType\": \"report\"}");
        String waiting = mvc.perform(asOperator(post("/api/tasks")).contentType(MediaType.APPLICATION_JSON)
                        .content("{\"taskType\": \"report\", \"after\": [" + first + ", " + second + "]}"))
                .andExpect(status().isCreated())
                .andExpect(jsonPath("$.status").value("WAITING"))
                .andReturn().getResponse().getContentAsString();
        long third = ((Number) JsonPath.read(waiting, "$.id")).longValue();

        mvc.perform(asViewer(get("/api/tasks/" + third + "/dependencies"))).andExpect(status().isOk())
                .andExpect(jsonPath("$.taskId").value(third))
                .andExpect(jsonPath("$.dependsOn[0].id").value(first))
                .andExpect(jsonPath("$.dependsOn[1].id").value(second))
                .andExpect(jsonPath("$.dependsOn[1].status").value("QUEUED"))
                .andExpect(jsonPath("$.dependents").isEmpty());
        mvc.perform(asViewer(get("/api/tasks/" + first + "/dependencies?limit=1"))).andExpect(status().isOk())
                .andExpect(jsonPath("$.dependents[0].id").value(third))
                .andExpect(jsonPath("$.dependents[0].status").value("WAITING"));

        mvc.perform(asOperator(post("/api/tasks/" + first + "/cancel"))).andExpect(status().isOk());
        assertThat(jdbc.queryForObject("SELECT status FROM system_async_task WHERE id = ?", String.class, third))
                .isEqualTo("CANCELLED");
        assertThat(jdbc.queryForObject("SELECT last_error FROM system_async_task WHERE id = ?", String.class, third))
                .isEqualTo("dependency " + first + " ended CANCELLED");
    }

    @Test
    void badDependenciesAreRefusedWithA400NamingAfterAndInsertNothing() throws Exception {
        long existing = submit("{\"taskType\": \"report\"}");
        expectBadRequest("{\"taskType\": \"report\", \"after\": [" + existing + ", 999999999]}", "999999999");
        expectBadRequest("{\"taskType\": \"report\", \"after\": [0]}", "after");
        expectBadRequest("{\"taskType\": \"report\", \"after\": [-5]}", "after");
        expectBadRequest("{\"taskType\": \"report\", \"after\": [null]}", "after");
        expectBadRequest("{\"taskType\": \"report\", \"after\": [\"x\"]}", "after");
        expectBadRequest("{\"taskType\": \"report\", \"after\": [" + String.join(",", Collections.nCopies(1001, "1")) + "]}",
                "after");
        expectBadRequest("{\"taskType\": \"report\", \"after\": [" + existing + "], \"ifDependencyFails\": \"MAYBE\"}",
                "ifDependencyFails");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task", Long.class)).isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task_dependency", Long.class)).isZero();
        mvc.perform(asViewer(get("/api/tasks/999999/dependencies"))).andExpect(status().isNotFound());
        mvc.perform(asViewer(get("/api/tasks/" + existing + "/dependencies?limit=0"))).andExpect(status().isBadRequest());
        mvc.perform(asViewer(get("/api/tasks/" + existing + "/dependencies?limit=1001"))).andExpect(status().isBadRequest());
    }

    @Test
    void theDependencyFieldsAreInTheOpenApiDocumentWithExamples() throws Exception {
        mvc.perform(asViewer(get("/v3/api-docs")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.paths['/api/tasks/{id}/dependencies'].get.summary")
                        .value("A task's dependencies and dependents"))
                .andExpect(jsonPath("$.paths['/api/tasks/{id}/dependencies'].get.responses['404']").exists())
                .andExpect(jsonPath("$.components.schemas.SubmitTask.properties.after.maxItems").value(1000))
                .andExpect(jsonPath("$.components.schemas.SubmitTask.properties.ifDependencyFails.example").value("CANCEL"))
                .andExpect(jsonPath("$.components.schemas.TaskLinks.properties.dependsOn").exists())
                .andExpect(jsonPath("$.components.schemas.LinkedTask.properties.status.example").value("SUCCESS"));
    }

    private long submit(String body) throws Exception {
        String created = mvc.perform(asOperator(post("/api/tasks")).contentType(MediaType.APPLICATION_JSON).content(body))
                .andExpect(status().isCreated()).andReturn().getResponse().getContentAsString();
        return ((Number) JsonPath.read(created, "$.id")).longValue();
    }

    private void expectBadRequest(String body, String named) throws Exception {
        mvc.perform(asOperator(post("/api/tasks")).contentType(MediaType.APPLICATION_JSON).content(body))
                .andExpect(status().isBadRequest())
                .andExpect(result -> assertThat(result.getResponse().getContentAsString()).contains(named));
    }
}
