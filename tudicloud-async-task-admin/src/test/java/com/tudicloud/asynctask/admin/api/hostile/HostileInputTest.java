package com.tudicloud.asynctask.admin.api.hostile;

import com.tudicloud.asynctask.admin.TestLogins;
import com.tudicloud.asynctask.admin.AdminTestDatabase;
import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.MisfirePolicy;
import com.tudicloud.asynctask.api.OverlapPolicy;
import com.tudicloud.asynctask.api.spi.ScheduleDefinition;
import com.tudicloud.asynctask.worker.schedule.ScheduleOperations;
import com.tudicloud.asynctask.api.BatchRequest;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * Generated hostile input against every operation and parameter of the REST API, read from the
 * application's own OpenAPI document, sent over real HTTP. Whatever comes: no 5xx; every rejection is a
 * problem that names what was wrong and leaves the tables as they were (tasks, events, schedules, task types);
 * what is accepted is stored (as the database holds it) and matched exactly as sent. The build runs a fixed seed, so that it fails only for a change of the code;
 * explore with {@code -Dhostile.seed=random} (the seed is in every test's name, to reproduce it with
 * {@code -Dhostile.seed=...}), more cases with {@code -Dhostile.cases=...}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"async-task.admin.task-types=demo.export,mail", "async-task.worker.enabled=false",
                // bcrypt at its lowest cost: a production-strength check per request would be most of the run time
                "async-task.admin.users[0].username=viewer", "async-task.admin.users[0].password=" + TestLogins.VIEWER_HASH,
                "async-task.admin.users[0].role=VIEWER", "async-task.admin.users[1].username=operator",
                "async-task.admin.users[1].password=" + TestLogins.OPERATOR_HASH, "async-task.admin.users[1].role=OPERATOR"})
class HostileInputTest {

    private static final long BUILD_SEED = 20261129L;
    private static final String SCHEDULE = "nightly-report";
    private static final long SEED = seed(System.getProperty("hostile.seed"));
    private static final int CASES = Integer.getInteger("hostile.cases", 700);

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        AdminTestDatabase.register(registry);
    }

    @LocalServerPort
    int port;

    @Autowired
    AsyncTaskClient client;

    @Autowired
    ScheduleOperations schedules;

    private final TestDatabase db = TestDatabase.get();
    private final TableDigest table = new TableDigest(db.dataSource());
    private final Map<Integer, Integer> statusCounts = new TreeMap<>();

    @TestFactory
    Stream<DynamicTest> hostileRequestsAreRefusedByNameAndChangeNothing() throws Exception {
        db.deleteAllTasks();
        long existing = client.submit(TaskRequest.of("mail", Map.of("to", "alice")).withOwnerId("alice")).taskId();
        client.submit(TaskRequest.of("demo.export", Map.of("rows", 5)).withOwnerId("bob").withDedupKey("b"));
        long batch = client.submitBatch(BatchRequest.of(List.of(TaskRequest.of("mail", Map.of("to", "carol"))))).batchId();
        Wire wire = new Wire(port);
        List<ApiOperation> operations = ApiOperation.under("/api/", apiDocument(wire));
        schedules.page(null, 1000).forEach(schedule -> schedules.delete(schedule.name()));
        // the name the OpenAPI document gives as the example of a schedule body's name
        schedules.create(new ScheduleDefinition(SCHEDULE, "0 30 2 * * *", null, "UTC", "demo.export", null, 0, 3, null,
                MisfirePolicy.COALESCE, 1, OverlapPolicy.ALLOW), false);
        HostileCases cases = new HostileCases(operations,
                // a task type named by the task id is unknown: attacks on a type's other parts get its 404
                new Targets(Map.of("id", String.valueOf(existing), "name", SCHEDULE, "type", String.valueOf(existing),
                        "batchId", String.valueOf(batch))),
                new StoredRows(db.dataSource()));
        Random random = new Random(SEED);
        Stream<DynamicTest> attacks = IntStream.range(0, CASES).mapToObj(index -> cases.next(index, random))
                .map(request -> dynamicTest(request.label() + " [hostile.seed=" + SEED + "]", () -> check(wire, request)));
        return Stream.concat(attacks, Stream.of(dynamicTest("every operation, parameter and field was attacked "
                + "[hostile.seed=" + SEED + "]", () -> {
            System.out.println(summary(wire));
            assertThat(cases.unattackable()).as("parts of the API no attack knows").isEmpty();
            assertThat(CASES).as("cases for one full round of attacks").isGreaterThanOrEqualTo(cases.casesForFullCoverage());
            assertThat(cases.missed()).as("parts of the API no case attacked").isEmpty();
        })));
    }

    private void check(Wire wire, HostileRequest request) throws Exception {
        String before = table.now();
        Reply reply = wire.send(request);
        statusCounts.merge(reply.status(), 1, Integer::sum);
        String answer = request.label() + " -> " + reply.status() + " " + reply.contentType() + " " + excerpt(reply.text());
        assertThat(reply.status()).as("status of %s", answer).isLessThan(500);
        if (reply.status() >= 400 || reply.status() == 0) {
            assertRefusedClearly(request, reply, answer);
            assertThat(table.now()).as("the tables after %s", answer).isEqualTo(before);
            return;
        }
        assertThat(reply.status()).as("status of %s", answer).isBetween(200, 299);
        assertThat(request.mustReject()).as("accepted: %s", answer).isFalse();
        if (reply.status() == 204) {
            // a deletion answers with no content at all
            assertThat(reply.body()).as("body of %s", answer).isEmpty();
        } else if (!Set.of("HEAD", "OPTIONS").contains(request.method())) {
            assertThat(reply.hasMediaType("application/json")).as("Content-Type of %s", answer).isTrue();
            request.whenAccepted().accept(reply);
        }
    }

    /** A problem that names what was wrong (HEAD answers carry no body; HTTP/0.9 answers nothing but one). */
    private static void assertRefusedClearly(HostileRequest request, Reply reply, String answer) {
        if (isTomcatsBareAnswerToAnOverlongHost(request, reply)) {
            return;
        }
        if (reply.status() != 0) {
            assertThat(reply.contentType()).as("Content-Type of %s", answer).startsWith("application/problem+json");
        }
        if (!request.method().equals("HEAD")) {
            String said = said(reply.json());
            assertThat(explains(request, reply.status(), said))
                    .as("the problem names one of %s: %s", request.suspects(), answer).isTrue();
        }
    }

    /**
     * The one refusal left without a problem body: a Host header longer than the request head limit
     * (8 KB) makes Tomcat answer a bare 400 before any valve or filter runs (see docs/admin.md).
     */
    private static boolean isTomcatsBareAnswerToAnOverlongHost(HostileRequest request, Reply reply) {
        String host = request.header("Host");
        return reply.status() == 400 && reply.body().length == 0 && host != null && host.length() > 8_192;
    }

    /** The build's seed, a random one for {@code random}, or the one given. */
    private static long seed(String given) {
        if (given == null || given.isBlank()) {
            return BUILD_SEED;
        }
        return given.equals("random") ? new Random().nextLong() : Long.parseLong(given);
    }

    private static String excerpt(String text) {
        return text.length() > 600 ? text.substring(0, 600) + "..." : text;
    }

    /** The problem's detail and the fields it lists. */
    private static String said(JsonNode problem) {
        StringBuilder said = new StringBuilder(problem.path("detail").asString(""));
        problem.path("errors").forEach(error -> said.append(" | ").append(error.path("field").asString("")));
        return said.toString();
    }

    private static boolean explains(HostileRequest request, int status, String said) {
        String text = said.toLowerCase(Locale.ROOT);
        if (request.suspects().stream().anyMatch(name -> text.contains(name.toLowerCase(Locale.ROOT)))) {
            return true;
        }
        // an HTTP/0.9 request carries no credentials
        if (status == 0) {
            return text.contains("log in first");
        }
        if ((status == 401 || status == 403) && request.caller().mayBeTurnedAway(request.method(), request.target())) {
            // a wrong password is told apart from no credentials at all
            String expected = status == 403 ? "role" : request.caller() == Caller.WRONG_PASSWORD ? "login refused" : "log in first";
            return text.contains(expected);
        }
        // the valid task id, batch id, schedule name or bulk job of an attack on something else may be missing or in the
        // wrong state
        return (status == 404 || status == 409)
                && (text.contains("task") || text.contains("batch") || text.contains("schedule") || text.contains("bulk") || text.contains("endpoint"));
    }

    private JsonNode apiDocument(Wire wire) throws Exception {
        Reply reply = wire.send(HostileRequest.to("GET", "/v3/api-docs").as(Caller.VIEWER).build("OpenAPI document"));
        assertThat(reply.status()).isEqualTo(200);
        return reply.json();
    }

    private String summary(Wire wire) {
        int rejected = statusCounts.entrySet().stream().filter(e -> e.getKey() >= 400).mapToInt(Map.Entry::getValue).sum();
        int accepted = statusCounts.entrySet().stream().filter(e -> e.getKey() < 300).mapToInt(Map.Entry::getValue).sum();
        return "HOSTILE seed=" + SEED + " cases=" + CASES + " rejected=" + rejected + " accepted=" + accepted
                + " over_socket=" + wire.sentOverSocket() + " status_counts=" + statusCounts;
    }
}
