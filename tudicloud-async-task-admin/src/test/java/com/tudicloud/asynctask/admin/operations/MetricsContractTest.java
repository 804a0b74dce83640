package com.tudicloud.asynctask.admin.operations;

import com.tudicloud.asynctask.admin.AdminTestDatabase;
import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.RecurringTask;
import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The alert rules and the dashboard in docs/ only name metrics that a running application really
 * exports, and the worker's health shows in /actuator/health.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "async-task.worker.poll-interval=100ms", "async-task.worker.heartbeat-interval=300ms",
        "async-task.worker.lease-timeout=3s", "async-task.worker.recovery-interval=1s",
        "async-task.metrics.queue-refresh-interval=200ms"})
class MetricsContractTest {

    private static final Path RULES = Path.of("..", "docs", "prometheus", "async-task-alerts.yml");
    private static final Path DASHBOARD = Path.of("..", "docs", "grafana", "async-task-dashboard.json");
    private static final Pattern METRIC = Pattern.compile("async_task_[a-z_]+");

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        AdminTestDatabase.register(registry);
    }

    @TestConfiguration
    static class Handlers {
        /** A schedule that fires within the test, so that the schedule meters exist. */
        @Bean
        RecurringTask contractSchedule() {
            return RecurringTask.named("contract-every-second").every(Duration.ofSeconds(1))
                    .submits("contract.quick", null).build();
        }

        @Bean
        TaskHandler<Object> contractHandler() {
            return new TaskHandler<>() {
                @Override
                public String taskType() {
                    return "contract.quick";
                }

                @Override
                public Class<Object> payloadType() {
                    return Object.class;
                }

                @Override
                public TaskResult execute(TaskContext context, Object payload) {
                    return TaskResult.success();
                }
            };
        }
    }

    @LocalServerPort
    int port;

    @Autowired
    AsyncTaskClient client;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void everyMetricTheRulesAndDashboardUseIsExported() throws Exception {
        TestDatabase.get().deleteAllTasks();
        long done = client.submit(TaskRequest.of("contract.quick", null)).taskId();
        client.submit(TaskRequest.of("contract.quick", null).withDelay(Duration.ofHours(1)));
        await().atMost(Duration.ofSeconds(20)).until(() -> client.get(done).orElseThrow().status() == TaskStatus.SUCCESS);

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            Set<String> exported = exportedNames(get("/actuator/prometheus"));
            Set<String> used = new TreeSet<>();
            used.addAll(namesIn(Files.readString(RULES)));
            used.addAll(namesIn(Files.readString(DASHBOARD)));
            assertThat(used).as("metrics named in the rules and the dashboard").hasSizeGreaterThan(15);
            assertThat(exported).as("exported by the running application").containsAll(used);
        });
    }

    @Test
    void theWorkersHealthIsPartOfTheApplicationsHealth() throws Exception {
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(get("/actuator/health"))
                .contains("\"asyncTaskWorker\"").contains("\"millisSinceHeartbeat\""));
    }

    /** Metrics with the scrape credential; health, whose details only operators see, as an operator. */
    private String get(String path) throws Exception {
        String user = path.startsWith("/actuator/health") ? "operator" : "metrics";
        String credentials = Base64.getEncoder().encodeToString((user + ":" + user).getBytes(StandardCharsets.UTF_8));
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .header("Authorization", "Basic " + credentials).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("GET " + path).isEqualTo(200);
        return response.body();
    }

    /** Metric names of the exposition format, with the _count, _sum, _bucket and _max series of summaries and timers. */
    private static Set<String> exportedNames(String exposition) {
        Set<String> names = new TreeSet<>();
        for (String line : exposition.split("\n")) {
            if (!line.startsWith("#") && line.startsWith("async_task_")) {
                names.add(line.split("[{ ]", 2)[0]);
            }
        }
        return names;
    }

    private static Set<String> namesIn(String text) {
        Set<String> names = new TreeSet<>();
        Matcher matcher = METRIC.matcher(text);
        while (matcher.find()) {
            names.add(matcher.group());
        }
        return names;
    }
}
