package com.tudicloud.asynctask.admin.api;

import com.tudicloud.asynctask.admin.AdminApiTest;
import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** Every kind of bad input gets a 4xx problem that names the field, and changes no data. */
@SpringBootTest(properties = {"async-task.admin.task-types=mail", "async-task.admin.max-body-bytes=2048",
        "async-task.worker.enabled=false"})
class BadInputTest extends AdminApiTest {

    @Autowired
    AsyncTaskClient client;

    private static long existing;

    @BeforeEach
    void oneQueuedTask() {
        existing = client.submit(TaskRequest.of("mail", Map.of("a", 1)).withDelay(Duration.ofMinutes(5))).taskId();
    }

    static Stream<Arguments> badRequests() {
        return Stream.of(
                submit("{\"taskType\": \"unknown.type\"}", 400, "taskType", "unknown task type"),
                submit("{\"taskType\": \"\"}", 400, "taskType", "must not be blank"),
                submit("{\"payload\": {}}", 400, "taskType", "must not be blank"),
                submit("{\"taskType\": \"mail\", ", 400, "body", "not readable as JSON"),
                submit("[1, 2]", 400, "body", ""),
                submit("{\"taskType\": \"mail\", \"priority\": \"high\"}", 400, "priority", "wrong type"),
                submit("{\"taskType\": \"mail\", \"maxAttempts\": 0}", 400, "maxAttempts", "greater than or equal to 1"),
                submit("{\"taskType\": \"mail\", \"delayMs\": -1}", 400, "delayMs", "greater than or equal to 0"),
                submit("{\"taskType\": \"mail\", \"delayMs\": 5, \"runAt\": \"2030-01-01T00:00:00Z\"}", 400, "runAt", "not both"),
                submit("{\"taskType\": \"mail\", \"runAt\": \"tomorrow\"}", 400, "runAt", "wrong type or format"),
                submit("{\"taskType\": \"mail\", \"ownerId\": \"" + "o".repeat(129) + "\"}", 400, "ownerId", "size must be"),
                submit("{\"taskType\": \"mail\", \"ownerId\": \"   \"}", 400, "ownerId", "must not be blank"),
                submit("{\"taskType\": \"mail\", \"colour\": \"red\"}", 400, "colour", "unknown field"),
                submit("{\"taskType\": \"mail\", \"payload\": \"" + "x".repeat(3000) + "\"}", 413, "body", "larger than 2048 bytes"),
                list("status=DONE", "status", "is not one of [WAITING, SCHEDULED, QUEUED"),
                list("status=QUEUED&status=nope", "status", "is not one of"),
                list("size=0", "size", "greater than or equal to 1"),
                list("size=201", "size", "less than or equal to 200"),
                list("page=-1", "page", "greater than or equal to 0"),
                list("page=x", "page", "is not a valid whole number"),
                list("sort=payload", "sort", "unknown sort"),
                list("sort=createTime,sideways", "sort", "unknown direction"),
                list("sort=id;DROP TABLE system_async_task", "sort", "unknown sort"),
                list("createdFrom=yesterday", "createdFrom", "ISO-8601"),
                list("createdFrom=2030-01-01T00:00:00Z&createdTo=2020-01-01T00:00:00Z", "createdTo", "after createdFrom"),
                Arguments.of("GET /api/tasks/abc", get("/api/tasks/abc"), 400, "id", "not a task id"),
                Arguments.of("POST /api/tasks/abc/cancel", post("/api/tasks/abc/cancel"), 400, "id", "not a task id"),
                // found by the hostile-input properties: each was a 500, a silent change or a vague message
                list("status=QUEUED,", "status", "an empty value"),
                submit("{\"taskType\": \"mail\", \"ownerId\": \"\\u2003\"}", 400, "ownerId", "must not be blank"),
                submit("{\"taskType\": \"mail\", \"delayMs\": 9223372036854775807}", 400, "delayMs", "less than or equal to"),
                submit("{\"taskType\": \"mail\", \"runAt\": \"+10000-01-01T00:00:00Z\"}", 400, "runAt", "within 100 years"),
                submit("{\"taskType\": \"nope\", \"taskType\": \"mail\"}", 400, "body", "Duplicate"),
                submit("{\"taskType\": \"mail\", \"payload\": {\"amount\": 1, \"amount\": 1000}}", 400, "payload", "Duplicate"),
                submit("{\"taskType\": \"mail\", \"priority\": 2.5}", 400, "priority", "wrong type"),
                submit("", 400, "body", "is required"),
                submit("[{\"taskType\": \"mail\"}]", 400, "body", "one JSON object"),
                Arguments.of("POST with Content-Type */*", post("/api/tasks").contentType("*/*").content("{}"), 415,
                        "", "not supported"),
                submit("{\"taskType\": \"mail\", \"dedupKey\": \"order-7 \"}", 400, "dedupKey", "white space"),
                Arguments.of("GET /api/tasks/%2027", get("/api/tasks/ 27"), 400, "id", "not a task id"),
                Arguments.of("POST /api/tasks/0x1c/cancel", post("/api/tasks/0x1c/cancel"), 400, "id", "not a task id"),
                Arguments.of("PUT /api/tasks", put("/api/tasks").contentType(MediaType.APPLICATION_JSON).content("{}"),
                        405, "", "not supported"),
                // a mistyped action path matches GET /api/tasks/{id}: refused for its method, the path named
                Arguments.of("POST /api/tasks/bulk-retry%C3%BF", post("/api/tasks/bulk-retry\u00ff")
                        .contentType(MediaType.APPLICATION_JSON).content("{}"), 405, "", "for this path; it takes GET"),
                // found by HostileInputTest: a vague field, a value stored other than sent, an empty or mislabelled answer
                submit("{\"taskType\": \"mail\", \"priority\": 99999999999999999999}", 400, "priority", "out of range"),
                submit("{\"taskType\": \"mail\", \"ownerId\": \"\\ud800\"}", 400, "ownerId", "lone surrogate"),
                submit("{\"taskType\": \"mail\", \"payload\": {\"a\": \"x\\udfff\"}}", 400, "payload", "lone surrogate"),
                submit("{\"taskType\": \"mail\", \"ownerId\": 5}", 400, "ownerId", "wrong type"),
                submit("{\"taskType\": \"mail\", \"priority\": \"5\"}", 400, "priority", "wrong type"),
                submit("{\"taskType\": \"mail\", \"runAt\": 5}", 400, "runAt", "ISO-8601"),
                list("page=0x10", "page", "is not a valid whole number"),
                Arguments.of("GET accepting only problems", get("/api/tasks").accept(MediaType.APPLICATION_PROBLEM_JSON),
                        406, "Accept", "accepts none of [application/json]"),
                Arguments.of("GET with an unparseable Accept", get("/api/tasks").header("Accept", "garbage"), 406,
                        "Accept", "not a valid list of media types"),
                Arguments.of("GET /api/tasks;x=1", get("/api/tasks;x=1"), 400, "", "malicious String \";\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRequests")
    void isRefusedNamingTheFieldAndChangesNothing(String name, MockHttpServletRequestBuilder request, int status,
                                                  String field, String message) throws Exception {
        Map<String, Object> before = snapshot();

        var result = mvc.perform(request.with(httpBasic("operator", "operator")))
                .andExpect(status().is(status))
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.detail", containsString(message)));
        if (!field.isEmpty()) {
            result.andExpect(jsonPath("$.detail", containsString(field + ": ")));
        }
        if (status == 400 && !field.isEmpty()) {
            result.andExpect(jsonPath("$.errors[0].field").value(field));
        }
        assertThat(snapshot()).as("the table after %s", name).isEqualTo(before);
    }

    private Map<String, Object> snapshot() {
        return rows.jdbc().queryForMap("SELECT COUNT(*) AS tasks, MAX(update_time) AS changed, "
                + "MAX(status) AS status FROM system_async_task");
    }

    private static Arguments submit(String body, int status, String field, String message) {
        String name = "POST /api/tasks " + (body.length() > 60 ? body.substring(0, 60) + "..." : body);
        return Arguments.of(name, post("/api/tasks").contentType(MediaType.APPLICATION_JSON).content(body),
                status, field, message);
    }

    private static Arguments list(String query, String field, String message) {
        return Arguments.of("GET /api/tasks?" + query, get("/api/tasks?" + query), 400, field, message);
    }
}
