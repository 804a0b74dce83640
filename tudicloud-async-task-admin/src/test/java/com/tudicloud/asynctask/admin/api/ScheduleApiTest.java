package com.tudicloud.asynctask.admin.api;

import com.jayway.jsonpath.JsonPath;
import com.tudicloud.asynctask.admin.AdminTestDatabase;
import com.tudicloud.asynctask.testing.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

import java.util.Map;
import java.util.TreeMap;

import static com.tudicloud.asynctask.admin.api.TaskApiTest.asOperator;
import static com.tudicloud.asynctask.admin.api.TaskApiTest.asViewer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** /api/schedules end to end on the real database: an operator's whole round, a viewer's refusals, and bad input named. */
@SpringBootTest(properties = {"async-task.admin.task-types=mail,report", "async-task.worker.enabled=false"})
@AutoConfigureMockMvc
class ScheduleApiTest {

    private static final String NIGHTLY = """
            {"name": "nightly", "expression": "0 30 2 * * *", "timeZone": "Asia/Shanghai", "taskType": "report",
             "payload": {"scope": "daily"}, "priority": 4, "misfirePolicy": "FIRE_EACH", "misfireBound": 3,
             "overlapPolicy": "SKIP"}
            """;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        AdminTestDatabase.register(registry);
    }

    @Autowired
    MockMvc mvc;

    @Autowired
    MeterRegistry meters;

    private final TestDatabase db = TestDatabase.get();
    private final JdbcTemplate jdbc = new JdbcTemplate(db.dataSource());

    @BeforeEach
    void emptyTables() {
        db.deleteAllTasks();
        jdbc.update("DELETE FROM system_async_task_schedule");
    }

    @Test
    void anOperatorCreatesEditsPausesTriggersResumesAndDeletes() throws Exception {
        Map<String, Double> actionsBefore = scheduleActions();
        mvc.perform(asOperator(post("/api/schedules")).contentType(MediaType.APPLICATION_JSON).content(NIGHTLY))
                .andExpect(status().isCreated())
                .andExpect(header().string("Location", containsString("/api/schedules/nightly")))
                .andExpect(jsonPath("$.expression").value("0 30 2 * * *"))
                .andExpect(jsonPath("$.timeZone").value("Asia/Shanghai"))
                .andExpect(jsonPath("$.payload.scope").value("daily"))
                .andExpect(jsonPath("$.misfirePolicy").value("FIRE_EACH"))
                .andExpect(jsonPath("$.paused").value(false))
                // 02:30 in Shanghai is 18:30 UTC
                .andExpect(jsonPath("$.nextFireTime").value(containsString("T18:30:00")));
        mvc.perform(asOperator(post("/api/schedules")).contentType(MediaType.APPLICATION_JSON).content(NIGHTLY))
                .andExpect(status().isConflict())
                .andExpect(content().contentTypeCompatibleWith("application/problem+json"))
                .andExpect(jsonPath("$.detail").value(containsString("exists")));

        mvc.perform(asOperator(put("/api/schedules/nightly")).contentType(MediaType.APPLICATION_JSON)
                        .content("{\"name\": \"nightly\", \"expression\": \"@every 90s\", \"taskType\": \"mail\"}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.expression").value("@every 90s"))
                .andExpect(jsonPath("$.timeZone").value("UTC"))
                .andExpect(jsonPath("$.misfirePolicy").value("COALESCE"));

        mvc.perform(asOperator(post("/api/schedules/nightly/pause"))).andExpect(status().isOk())
                .andExpect(jsonPath("$.paused").value(true));
        mvc.perform(asOperator(post("/api/schedules/nightly/pause"))).andExpect(status().isConflict());
        String triggered = mvc.perform(asOperator(post("/api/schedules/nightly/trigger")))
                .andExpect(status().isCreated())
                .andExpect(header().string("Location", containsString("/api/tasks/")))
                .andReturn().getResponse().getContentAsString();
        assertThat(triggered).contains("\"schedule\":\"nightly\"");
        mvc.perform(asViewer(get("/api/schedules/nightly")))
                .andExpect(jsonPath("$.lastTaskStatus").value("QUEUED"))
                .andExpect(jsonPath("$.paused").value(true));
        mvc.perform(asOperator(post("/api/schedules/nightly/resume"))).andExpect(status().isOk())
                .andExpect(jsonPath("$.paused").value(false));
        mvc.perform(asOperator(post("/api/schedules/nightly/resume"))).andExpect(status().isConflict());

        mvc.perform(asViewer(get("/api/schedules"))).andExpect(status().isOk()).andExpect(jsonPath("$", hasSize(1)));
        mvc.perform(asOperator(delete("/api/schedules/nightly"))).andExpect(status().isNoContent());
        mvc.perform(asOperator(delete("/api/schedules/nightly"))).andExpect(status().isNotFound())
                .andExpect(jsonPath("$.detail").value(containsString("no schedule named 'nightly'")));
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task", Long.class))
                .as("the triggered task stays").isEqualTo(1);
        // each change that succeeded is counted once; the refused ones (conflict, not found) are not
        Map<String, Double> actionsAfter = scheduleActions();
        actionsAfter.replaceAll((action, count) -> count - actionsBefore.get(action));
        assertThat(actionsAfter).containsOnly(Map.entry("schedule_create", 1.0), Map.entry("schedule_edit", 1.0),
                Map.entry("schedule_pause", 1.0), Map.entry("schedule_resume", 1.0), Map.entry("schedule_trigger", 1.0),
                Map.entry("schedule_delete", 1.0));
    }

    @Test
    void aTriggeredTaskStartsItsHistoryWithTheOperatorAndTheSchedule() throws Exception {
        mvc.perform(asOperator(post("/api/schedules")).contentType(MediaType.APPLICATION_JSON).content(NIGHTLY))
                .andExpect(status().isCreated());
        String triggered = mvc.perform(asOperator(post("/api/schedules/nightly/trigger")))
                .andExpect(status().isCreated()).andReturn().getResponse().getContentAsString();
        long taskId = ((Number) JsonPath.read(triggered, "$.taskId")).longValue();

        mvc.perform(asViewer(get("/api/tasks/" + taskId + "/events"))).andExpect(status().isOk())
                .andExpect(jsonPath("$.events", hasSize(1)))
                .andExpect(jsonPath("$.events[0].type").value("SCHEDULE_FIRED"))
                .andExpect(jsonPath("$.events[0].actor").value("operator"))
                .andExpect(jsonPath("$.events[0].message").value("schedule:nightly"))
                .andExpect(jsonPath("$.events[0].status").value("QUEUED"));
    }

    private Map<String, Double> scheduleActions() {
        Map<String, Double> counts = new TreeMap<>();
        meters.find("async.task.operator.actions").counters().stream()
                .filter(counter -> counter.getId().getTag("action").startsWith("schedule_"))
                .forEach(counter -> counts.put(counter.getId().getTag("action"), counter.count()));
        return counts;
    }

    @Test
    void aViewerReadsButChangesNothing() throws Exception {
        mvc.perform(asOperator(post("/api/schedules")).contentType(MediaType.APPLICATION_JSON).content(NIGHTLY))
                .andExpect(status().isCreated());

        mvc.perform(asViewer(get("/api/schedules/nightly"))).andExpect(status().isOk());
        mvc.perform(asViewer(post("/api/schedules")).contentType(MediaType.APPLICATION_JSON)
                .content(NIGHTLY.replace("nightly", "other"))).andExpect(status().isForbidden());
        mvc.perform(asViewer(put("/api/schedules/nightly")).contentType(MediaType.APPLICATION_JSON).content(NIGHTLY))
                .andExpect(status().isForbidden());
        for (String action : new String[]{"pause", "resume", "trigger"}) {
            mvc.perform(asViewer(post("/api/schedules/nightly/" + action))).andExpect(status().isForbidden())
                    .andExpect(content().contentTypeCompatibleWith("application/problem+json"));
        }
        mvc.perform(asViewer(delete("/api/schedules/nightly"))).andExpect(status().isForbidden())
                .andExpect(jsonPath("$.detail").value(containsString("OPERATOR")));
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task_schedule WHERE paused_at IS NULL",
                Long.class)).isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task", Long.class)).isZero();
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
            "expression | \"0 0 25 * * *\"  | invalid cron expression",
            "expression | \"0 0 0 30 2 *\"  | never fires",
            "expression | \"@every soon\"   | @every and a duration",
            "expression | \"@every 10ms\"   | must be from",
            "timeZone   | \"Mars/Olympus\"  | unknown time zone",
            "name       | \"a b\"           | letter or digit",
            "name       | \"-dash\"         | letter or digit",
            "name       | \"名字\"           | letter or digit",
            "taskType   | \"nope\"          | unknown task type",
            "misfirePolicy | \"SOMETIMES\"  | COALESCE",
            "misfireBound | 0               | must be greater than or equal to 1"})
    void badInputIsRefusedNamingTheField(String field, String json, String says) throws Exception {
        String body = NIGHTLY.replaceFirst("\"" + field + "\": (\"[^\"]*\"|\\{[^}]*}|[0-9]+)", "\"" + field + "\": " + json);
        if (!body.contains("\"" + field + "\": " + json)) {
            body = body.replace("{\"name\"", "{\"" + field + "\": " + json + ", \"name\"");
        }

        mvc.perform(asOperator(post("/api/schedules")).contentType(MediaType.APPLICATION_JSON).content(body))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith("application/problem+json"))
                .andExpect(jsonPath("$.errors[0].field").value(field))
                .andExpect(jsonPath("$.errors[0].message").value(containsString(says)));
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task_schedule", Long.class)).isZero();
    }

    @Test
    void aPathNameThatCannotBeAScheduleIsNamedAndAnEditCannotRename() throws Exception {
        mvc.perform(asViewer(get("/api/schedules/has space"))).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors[0].field").value("name"));
        mvc.perform(asViewer(get("/api/schedules/absent"))).andExpect(status().isNotFound())
                .andExpect(content().contentTypeCompatibleWith("application/problem+json"));
        mvc.perform(asOperator(post("/api/schedules")).contentType(MediaType.APPLICATION_JSON).content(NIGHTLY))
                .andExpect(status().isCreated());
        mvc.perform(asOperator(put("/api/schedules/nightly")).contentType(MediaType.APPLICATION_JSON)
                        .content(NIGHTLY.replace("\"nightly\"", "\"renamed\"")))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors[0].field").value("name"));
    }

    @Test
    void theListComesAPageAtATimeByName() throws Exception {
        for (String name : new String[] {"c-job", "a-job", "b-job"}) {
            mvc.perform(asOperator(post("/api/schedules")).contentType(MediaType.APPLICATION_JSON)
                    .content(NIGHTLY.replace("\"nightly\"", "\"" + name + "\""))).andExpect(status().isCreated());
        }
        mvc.perform(asViewer(get("/api/schedules?limit=2"))).andExpect(status().isOk())
                .andExpect(jsonPath("$[*].name", contains("a-job", "b-job")))
                .andExpect(header().string("Link", containsString("after=b-job")));
        mvc.perform(asViewer(get("/api/schedules?limit=2&after=b-job"))).andExpect(status().isOk())
                .andExpect(jsonPath("$[*].name", contains("c-job"))).andExpect(header().doesNotExist("Link"));
        mvc.perform(asViewer(get("/api/schedules"))).andExpect(jsonPath("$.length()").value(3));
        for (String bad : new String[] {"limit=0", "limit=501", "after=%20bad"}) {
            mvc.perform(asViewer(get("/api/schedules?" + bad))).andExpect(status().isBadRequest());
        }
    }
}
