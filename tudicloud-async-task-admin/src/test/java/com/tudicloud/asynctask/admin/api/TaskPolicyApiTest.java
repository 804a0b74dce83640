package com.tudicloud.asynctask.admin.api;

import com.tudicloud.asynctask.admin.AdminApiTest;
import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskPolicy;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.TimeoutAction;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.http.MediaType;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * GET /api/task-types/policies shows what each type runs under, and a submit or a schedule without attempts or
 * priority gets them.
 */
@SpringBootTest(properties = {"async-task.admin.task-types=mail", "async-task.worker.enabled=false",
        "async-task.types.report.export.max-attempts=6", "async-task.types.report.export.default-priority=9",
        "async-task.types.report.export.non-retryable=java.io.UncheckedIOException"})
class TaskPolicyApiTest extends AdminApiTest {

    /** A handler that declares a policy, part of which the properties above override. */
    @TestConfiguration
    static class Handlers {
        @Bean
        TaskHandler<Object> reportExport() {
            return new TaskHandler<>() {
                @Override
                public String taskType() {
                    return EXPORT;
                }

                @Override
                public Class<Object> payloadType() {
                    return Object.class;
                }

                @Override
                public TaskResult execute(TaskContext context, Object payload) {
                    return TaskResult.success();
                }

                @Override
                public TaskPolicy policy() {
                    return TaskPolicy.builder().maxAttempts(4).timeoutAction(TimeoutAction.FAIL).concurrencyLimit(3)
                            .keyField("customer").keyConcurrency(2).fair(true).rateLimit(100, Duration.ofMinutes(1))
                            .initialBackoff(Duration.ofSeconds(2)).nonRetryable(IllegalArgumentException.class)
                            .nonRetryableWhen(e -> false).build();
                }
            };
        }
    }

    private static final String EXPORT = "report.export";

    @BeforeEach
    void emptyTables() {
        rows.jdbc().update("DELETE FROM system_async_task_schedule");
    }

    @Test
    void aViewerSeesEachTypesEffectivePolicy() throws Exception {
        String export = "$[?(@.taskType == '" + EXPORT + "')]";
        mvc.perform(asViewer(get("/api/task-types/policies")))
                .andExpect(status().isOk())
                .andExpect(jsonPath(export + ".handledHere", contains(true)))
                .andExpect(jsonPath(export + ".maxAttempts", contains(6)))
                .andExpect(jsonPath(export + ".defaultPriority", contains(9)))
                .andExpect(jsonPath(export + ".timeoutAction", contains("FAIL")))
                .andExpect(jsonPath(export + ".concurrencyLimit", contains(3)))
                .andExpect(jsonPath(export + ".keyField", contains("customer")))
                .andExpect(jsonPath(export + ".keyConcurrency", contains(2)))
                .andExpect(jsonPath(export + ".rateLimit", contains(100)))
                .andExpect(jsonPath(export + ".rateLimitPeriodMs", contains(60000)))
                .andExpect(jsonPath(export + ".fair", contains(true)))
                .andExpect(jsonPath(export + ".nonRetryable[*]", contains("java.lang.IllegalArgumentException",
                        "java.io.UncheckedIOException")))
                .andExpect(jsonPath(export + ".nonRetryableTest", contains(true)))
                .andExpect(jsonPath(export + ".initialBackoffMs", contains(2000)))
                .andExpect(jsonPath(export + ".maxBackoffMs", contains(300000)))
                // a type operators may submit that runs elsewhere: the worker's defaults
                .andExpect(jsonPath("$[?(@.taskType == 'mail')].handledHere", contains(false)))
                .andExpect(jsonPath("$[?(@.taskType == 'mail')].maxAttempts", contains(3)))
                .andExpect(jsonPath("$[?(@.taskType == 'mail')].concurrencyLimit", contains((Object) null)))
                .andExpect(jsonPath("$[?(@.taskType == 'mail')].keyConcurrency", contains((Object) null)))
                .andExpect(jsonPath("$[?(@.taskType == 'mail')].rateLimit", contains((Object) null)))
                .andExpect(jsonPath("$[?(@.taskType == 'mail')].fair", contains(false)));
        mvc.perform(get("/api/task-types/policies")).andExpect(status().isUnauthorized());
    }

    @Test
    void aSubmitWithoutAttemptsOrPriorityGetsTheTypes() throws Exception {
        mvc.perform(asOperator(post("/api/tasks")).contentType(MediaType.APPLICATION_JSON)
                        .content("{\"taskType\": \"" + EXPORT + "\"}"))
                .andExpect(status().isCreated())
                .andExpect(jsonPath("$.priority").value(9))
                .andExpect(jsonPath("$.maxAttempts").value(6));
        mvc.perform(asOperator(post("/api/tasks")).contentType(MediaType.APPLICATION_JSON)
                        .content("{\"taskType\": \"mail\", \"priority\": -2, \"maxAttempts\": 1}"))
                .andExpect(status().isCreated());

        assertThat(rows.jdbc().queryForMap("SELECT priority, max_attempts FROM system_async_task WHERE task_type = 'mail'"))
                .containsAllEntriesOf(Map.of("priority", -2, "max_attempts", 1));
    }

    @Test
    void aScheduleWithoutAttemptsOrPriorityGetsTheTypesAsASubmitDoes() throws Exception {
        mvc.perform(asOperator(post("/api/schedules")).contentType(MediaType.APPLICATION_JSON)
                        .content(schedule("exports", EXPORT, "")))
                .andExpect(status().isCreated())
                .andExpect(jsonPath("$.priority").value(9))
                .andExpect(jsonPath("$.maxAttempts").value(6));
        mvc.perform(asOperator(post("/api/schedules/exports/trigger"))).andExpect(status().isCreated());
        assertThat(rows.jdbc().queryForMap("SELECT priority, max_attempts FROM system_async_task WHERE task_type = ?", EXPORT))
                .containsAllEntriesOf(Map.of("priority", 9, "max_attempts", 6));

        // an edit that leaves them out gets the type's again; given ones are kept
        mvc.perform(asOperator(put("/api/schedules/exports")).contentType(MediaType.APPLICATION_JSON)
                        .content(schedule("exports", EXPORT, ", \"priority\": -2, \"maxAttempts\": 1")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.priority").value(-2))
                .andExpect(jsonPath("$.maxAttempts").value(1));
        mvc.perform(asOperator(put("/api/schedules/exports")).contentType(MediaType.APPLICATION_JSON)
                        .content(schedule("exports", EXPORT, ", \"maxAttempts\": 2")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.priority").value(9))
                .andExpect(jsonPath("$.maxAttempts").value(2));
    }

    @Test
    void aScheduleOfATypeRunElsewhereGetsTheWorkersDefaultsAndAnUnknownTypeIsRefused() throws Exception {
        mvc.perform(asOperator(post("/api/schedules")).contentType(MediaType.APPLICATION_JSON)
                        .content(schedule("mails", "mail", "")))
                .andExpect(status().isCreated())
                .andExpect(jsonPath("$.priority").value(0))
                .andExpect(jsonPath("$.maxAttempts").value(3));
        mvc.perform(asOperator(post("/api/schedules")).contentType(MediaType.APPLICATION_JSON)
                        .content(schedule("faxes", "fax", "")))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail").value(containsString("fax")));
        assertThat(rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task_schedule", Long.class)).isEqualTo(1);
    }

    private static String schedule(String name, String taskType, String more) {
        return "{\"name\": \"" + name + "\", \"expression\": \"@every 1h\", \"taskType\": \"" + taskType + "\"" + more + "}";
    }
}
