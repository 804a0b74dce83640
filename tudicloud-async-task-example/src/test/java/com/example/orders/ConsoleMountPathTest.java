package com.example.orders;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console in a service set up otherwise: mounted at another path (async-task.console.path), the console and its
 * API are there and not at the default; with the service's Jackson writing snake_case, the console's JSON keeps its
 * own names and its strict reading; beans of the service named as the console's classes are (taskController,
 * auditTrail) start beside the console's; with Spring Security's filters moved later (spring.security.filter.order),
 * the console's check still runs after them.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"async-task.console.path=/ops/queue", "spring.jackson.property-naming-strategy=SNAKE_CASE",
                "spring.security.filter.order=5"})
@Import(ConsoleMountPathTest.ServiceBeans.class)
class ConsoleMountPathTest {

    /** Beans a service may well have, named as the console's classes are. */
    @TestConfiguration(proxyBeanMethods = false)
    static class ServiceBeans {

        @Bean
        Object taskController() {
            return "the service's own";
        }

        @Bean
        Object auditTrail() {
            return "the service's own";
        }
    }

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        ExampleDatabase.register(registry, "example_console_path");
    }

    @LocalServerPort
    int port;

    @Test
    void theConsoleAndItsApiAreAtTheConfiguredPath() throws Exception {
        ConsoleClient moved = ConsoleClient.as("http://localhost:" + port + "/ops/queue", "ops", "ops-secret");
        ConsoleClient atTheDefault = ConsoleClient.as("http://localhost:" + port + "/async-tasks", "ops", "ops-secret");

        assertThat(moved.page("/").statusCode()).isEqualTo(200);
        assertThat(moved.get("/api/tasks").statusCode()).isEqualTo(200);
        assertThat(moved.get("/console/js/api.js").statusCode()).isEqualTo(200);
        assertThat(ConsoleClient.json(moved.get("/api/me")).path("canOperate").asBoolean()).isTrue();
        assertThat(ConsoleClient.as("http://localhost:" + port + "/ops/queue", "support", "support-secret")
                .post("/api/tasks/1/cancel").statusCode()).as("the viewer's rule moves with the path").isEqualTo(403);

        assertThat(atTheDefault.get("/api/tasks").statusCode()).isEqualTo(404);
        assertThat(atTheDefault.page("/").statusCode()).isEqualTo(404);
    }

    @Test
    void theServicesJacksonSettingsLeaveTheConsolesJsonAlone() throws Exception {
        ConsoleClient ops = ConsoleClient.as("http://localhost:" + port + "/ops/queue", "ops", "ops-secret");

        JsonNode me = ConsoleClient.json(ops.get("/api/me"));
        assertThat(me.has("canOperate")).as("the console's own field names in " + me).isTrue();
        assertThat(me.has("can_operate")).isFalse();

        HttpResponse<String> unknownField = ops.post("/api/tasks", "{\"taskType\": \"report.export\", \"bogus\": 1}");
        assertThat(unknownField.statusCode()).isEqualTo(400);
        assertThat(ConsoleClient.json(unknownField).path("detail").asString()).startsWith("bogus:");
        HttpResponse<String> textForNumber = ops.post("/api/tasks", "{\"taskType\": \"report.export\", \"priority\": \"5\"}");
        assertThat(textForNumber.statusCode()).isEqualTo(400);
        assertThat(ConsoleClient.json(textForNumber).path("detail").asString()).startsWith("priority:");
    }
}
