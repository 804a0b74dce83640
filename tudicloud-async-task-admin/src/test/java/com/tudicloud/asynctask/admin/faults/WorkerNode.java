package com.tudicloud.asynctask.admin.faults;

import com.tudicloud.asynctask.admin.TestLogins;
import com.tudicloud.asynctask.testing.JvmProcess;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One worker in a JVM of its own: the admin jar as a plain worker node (console off, demo handlers
 * on, no demo feeder), reaching the database through the suite's proxy, each handler execution recorded
 * ({@link ExecutionRecording}). The suite kills, freezes, thaws and stops it as an operating system would.
 */
final class WorkerNode {

    private final String id;
    private final JvmProcess process;
    private final int httpPort;
    private final Path log;

    private WorkerNode(String id, JvmProcess process, int httpPort, Path log) {
        this.id = id;
        this.process = process;
        this.httpPort = httpPort;
        this.log = log;
    }

    /**
     * @param executionsUrl the database that {@link ExecutionRecording}, added from the test classes, records
     *                      every handler execution in, reached directly
     */
    static WorkerNode start(String id, Path jar, String jdbcUrl, String executionsUrl, Path logDir, List<String> settings)
            throws IOException {
        int port = freePort();
        Path logFile = logDir.resolve(id + ".log");
        // the jar's own launcher, which also loads loader.path: the suite's classes beside the application's
        JvmProcess process = JvmProcess.builder(id, "org.springframework.boot.loader.launch.PropertiesLauncher")
                .classPath(jar.toString())
                .jvmOptions("-Xmx192m", "-XX:+UseSerialGC")
                .systemProperty("loader.path", Path.of("target", "test-classes").toAbsolutePath())
                .systemProperty("faults.executions.url", executionsUrl)
                .systemProperty("faults.worker", id)
                .args("--spring.main.sources=" + ExecutionRecording.class.getName(),
                        "--server.port=" + port,
                        "--spring.datasource.url=" + jdbcUrl,
                        "--spring.datasource.username=root",
                        "--spring.datasource.password=",
                        "--spring.datasource.hikari.connection-timeout=2000",
                        "--spring.liquibase.enabled=false",   // the suite has applied the schema
                        "--spring.datasource.hikari.maximum-pool-size=6",
                        "--async-task.worker.worker-id=" + id,
                        "--async-task.admin.console.enabled=false",
                        "--async-task.demo.enabled=true",   // the demo's handlers, on a database server only when asked for
                        "--async-task.admin.users[0].username=metrics",   // the scrape credential the suite reads metrics with
                        "--async-task.admin.users[0].password=" + TestLogins.METRICS_HASH,
                        "--async-task.admin.users[0].role=METRICS",
                        "--async-task.demo.initial-tasks-per-type=0",
                        "--async-task.demo.tasks-per-feed=0",
                        "--async-task.demo.step-pause=5ms",
                        "--async-task.retention.enabled=false",
                        "--async-task.schedules.enabled=false",   // the demo's schedule would submit tasks the suite does not count
                        "--logging.level.com.tudicloud=INFO")
                .args(settings)
                .logTo(logFile)
                .start();
        return new WorkerNode(id, process, port, logFile);
    }

    String id() {
        return id;
    }

    Path log() {
        return log;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** kill -9: no shutdown hook, no outcome written, leases left to expire. */
    void kill() throws InterruptedException {
        process.kill();
    }

    /** SIGSTOP: every thread stops where it is, clocks go on. */
    void freeze() throws InterruptedException {
        process.freeze();
    }

    void thaw() throws InterruptedException {
        process.thaw();
    }

    /** SIGTERM: the graceful stop a service manager asks for. */
    boolean stop(Duration timeout) throws InterruptedException {
        return process.stop(timeout);
    }

    /** Waits until the application answers its health endpoint. */
    void awaitUp(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(id + " exited during start-up; see " + log);
            }
            try {
                if (get("/actuator/health").statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException(id + " did not start within " + timeout + "; see " + log);
    }

    /** Outcomes the node had refused by the database or dropped itself, its lease lost, since it started. */
    double lateOutcomes() throws IOException, InterruptedException {
        return counter("async_task_outcome_refused_total") + counter("async_task_lease_lost_total");
    }

    /**
     * Waits until a thawed node has found out about the leases it lost while frozen (at most 30 s); its late
     * outcomes since {@code before}, a count of {@link #lateOutcomes()}.
     */
    double awaitLateOutcomesSince(double before) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        double late = lateOutcomes() - before;
        while (late <= 0 && System.nanoTime() < deadline) {
            Thread.sleep(100);
            late = lateOutcomes() - before;
        }
        return late;
    }

    /** A counter's value summed over its series, from the node's Prometheus endpoint. */
    double counter(String name) throws IOException, InterruptedException {
        String body = get("/actuator/prometheus").body();
        double sum = 0;
        Matcher line = Pattern.compile("^" + Pattern.quote(name) + "(\\{[^}]*})? ([0-9.eE+-]+)$", Pattern.MULTILINE)
                .matcher(body);
        while (line.find()) {
            sum += Double.parseDouble(line.group(2));
        }
        return sum;
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        String credentials = Base64.getEncoder().encodeToString("metrics:metrics".getBytes(StandardCharsets.UTF_8));
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + path))
                .timeout(Duration.ofSeconds(5)).header("Authorization", "Basic " + credentials).build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
