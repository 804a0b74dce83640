package com.example.orders;

import com.tudicloud.asynctask.testing.DatabaseServer;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/** Mounted at another path (async-task.console.path), the console and its API are there, and not at the default. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "async-task.console.path=/ops/queue")
class ConsoleMountPathTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        DatabaseServer server = TestDatabase.get().server();
        String database = server.recreateScratchDatabase("example_console_path");
        registry.add("spring.datasource.url", () -> server.jdbcUrl(database));
        registry.add("spring.datasource.username", server::username);
        registry.add("spring.datasource.password", server::password);
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
}
