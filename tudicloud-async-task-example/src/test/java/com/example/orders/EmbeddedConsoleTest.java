package com.example.orders;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskStatus;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpResponse;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The task console inside the example service, over real HTTP: the service's own Spring Security says who is
 * logged in (HTTP Basic here, its login page in the browser test), and application.yml maps its authorities to the
 * console's roles. A viewer reads and is refused a cancel with a message, an operator cancels, a login whose
 * authorities are not mapped gets nothing, and an anonymous caller meets the service's own security.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class EmbeddedConsoleTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        ExampleDatabase.register(registry, "example_console");
    }

    @LocalServerPort
    int port;

    @Autowired
    AsyncTaskClient tasks;

    private String console() {
        return "http://localhost:" + port + "/async-tasks";
    }

    /** An export due in an hour: it waits, SCHEDULED, until someone cancels it. */
    private long laterExport() {
        return tasks.submit(TaskRequest.of("report.export", new ExportRequest(41, 1))
                .withDelay(Duration.ofHours(1))).taskId();
    }

    @Test
    void aViewerSeesTheTasksButIsRefusedACancel() throws Exception {
        long id = laterExport();
        ConsoleClient support = ConsoleClient.as(console(), "support", "support-secret");

        HttpResponse<String> list = support.get("/api/tasks?taskType=report.export");
        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(ConsoleClient.json(list).path("items").valueStream().map(task -> task.path("id").asLong()))
                .contains(id);
        JsonNode me = ConsoleClient.json(support.get("/api/me"));
        assertThat(me.path("roles").values()).extracting(JsonNode::asString).containsExactly("VIEWER");
        assertThat(me.path("canOperate").asBoolean()).isFalse();

        HttpResponse<String> cancel = support.post("/api/tasks/" + id + "/cancel");
        assertThat(cancel.statusCode()).isEqualTo(403);
        assertThat(cancel.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(ConsoleClient.json(cancel).path("detail").asString())
                .isEqualTo("Your role may not do this: submitting, cancelling, retrying, bulk actions, pausing and "
                        + "changing schedules need the OPERATOR role");
        assertThat(tasks.get(id).orElseThrow().status()).isEqualTo(TaskStatus.SCHEDULED);
        assertThat(support.get("/api/audit").statusCode()).as("the audit trail is the operators'").isEqualTo(403);
    }

    @Test
    void anOperatorCancels() throws Exception {
        long id = laterExport();
        ConsoleClient ops = ConsoleClient.as(console(), "ops", "ops-secret");

        assertThat(ConsoleClient.json(ops.get("/api/me")).path("roles").values()).extracting(JsonNode::asString)
                .containsExactly("OPERATOR");
        HttpResponse<String> cancel = ops.post("/api/tasks/" + id + "/cancel");

        assertThat(cancel.statusCode()).isEqualTo(200);
        assertThat(ConsoleClient.json(cancel).path("status").asString()).isEqualTo("CANCELLED");
        assertThat(tasks.get(id).orElseThrow().status()).isEqualTo(TaskStatus.CANCELLED);
        assertThat(ops.get("/api/audit").statusCode()).isEqualTo(200);
    }

    @Test
    void aLoginWithoutAMappedAuthorityGetsNothing() throws Exception {
        long id = laterExport();
        ConsoleClient sales = ConsoleClient.as(console(), "sales", "sales-secret");

        HttpResponse<String> list = sales.get("/api/tasks");
        assertThat(list.statusCode()).isEqualTo(403);
        assertThat(ConsoleClient.json(list).path("detail").asString()).startsWith("Your login has no role in the task console");
        assertThat(sales.page("/").statusCode()).isEqualTo(403);
        assertThat(sales.get("/api/tasks/" + id).statusCode()).isEqualTo(403);
    }

    @Test
    void anAnonymousCallerMeetsTheServicesOwnSecurity() throws Exception {
        ConsoleClient nobody = ConsoleClient.anonymous(console());

        HttpResponse<String> api = nobody.get("/api/tasks");
        assertThat(api.statusCode()).isEqualTo(401);
        assertThat(api.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(value -> assertThat(value).startsWith("Basic"));
        HttpResponse<String> page = nobody.page("/");
        assertThat(page.statusCode()).isEqualTo(302);
        assertThat(page.headers().firstValue("Location")).hasValue("http://localhost:" + port + "/login");
    }

    @Test
    void theConsoleIsAtItsMountPathAndNowhereElse() throws Exception {
        ConsoleClient support = ConsoleClient.as(console(), "support", "support-secret");

        HttpResponse<String> page = support.page("/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("<script type=\"module\" src=\"console/js/main.js\"></script>");
        assertThat(support.get("/console/js/api.js").statusCode()).isEqualTo(200);
        HttpResponse<String> withoutSlash = support.page("");
        assertThat(withoutSlash.statusCode()).isEqualTo(302);
        assertThat(withoutSlash.headers().firstValue("Location")).hasValueSatisfying(
                location -> assertThat(location).endsWith("/async-tasks/"));

        ConsoleClient atTheRoot = ConsoleClient.as("http://localhost:" + port, "ops", "ops-secret");
        assertThat(atTheRoot.get("/api/tasks").statusCode()).isEqualTo(404);
        assertThat(atTheRoot.get("/console/js/api.js").statusCode()).isEqualTo(404);
    }
}
