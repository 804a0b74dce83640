package com.tudicloud.asynctask.admin.api.hostile;

import com.tudicloud.asynctask.admin.AdminTestDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Refusals that only real HTTP shows (MockMvc has no Tomcat, and parses headers its own way), most of
 * them before Spring MVC runs, by Tomcat or the security firewall: each a 400 problem that names what
 * was wrong. HostileInputTest found them as HTML pages, 5xx or empty bodies.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "async-task.worker.enabled=false")
class RealHttpRefusalsTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        AdminTestDatabase.register(registry);
    }

    @LocalServerPort
    int port;

    static Stream<Arguments> refusals() {
        return Stream.of(
                refused("an encoded slash", get("/api/tasks/1%2F2"), "URI"),
                refused("a broken escape", get("/api/tasks/%G1"), "URI"),
                refused("an escape that is not UTF-8", get("/api/tasks/%FF"), "URI"),
                refused("a semicolon", get("/api/tasks;x=1"), "malicious String \";\""),
                refused("an encoded percent", get("/api/tasks/%251"), "malicious String \"%25\""),
                refused("a dot-dot segment", get("/api/tasks/../stats"), "not normalized"),
                refused("a NUL in a header", get("/api/tasks").header("X-Hostile", "a\u0000b"), "header"),
                refused("an over-long request line", get("/api/tasks?" + "a".repeat(9_000)), "Request header is too large"),
                refused("an unknown HTTP version", get("/api/tasks").version("HTTP/2.0"), "HTTP version"),
                refused("an unknown Transfer-Encoding", get("/api/tasks").header("Transfer-Encoding", "gzip"),
                        "Transfer-Encoding"),
                refused("two Host headers", get("/api/tasks").header("Host", "127.0.0.1\r\nHost: 127.0.0.2"),
                        "Host: more than one"),
                refused("a Content-Length that is no number", get("/api/tasks").header("Content-Length", "abc"),
                        "Content-Length: [abc]"),
                refused("a query string that is not UTF-8", get("/api/tasks?ownerId=%FF"), "query string"),
                refused("a wildcard Content-Type", HostileRequest.to("POST", "/api/tasks")
                        .header("Content-Type", "application/*").body(new byte[] {'{', '}'}), "Content-Type"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void isA400ProblemNamingWhatWasWrong(String name, HostileRequest.Builder request, String named) throws Exception {
        Reply reply = new Wire(port).send(request.as(Caller.OPERATOR).build(name));

        assertThat(reply.status()).as(reply.text()).isEqualTo(400);
        assertThat(reply.contentType()).as(reply.text()).startsWith("application/problem+json");
        assertThat(reply.json().path("detail").asString()).contains(named);
    }

    private static HostileRequest.Builder get(String target) {
        return HostileRequest.to("GET", target);
    }

    private static Arguments refused(String name, HostileRequest.Builder request, String named) {
        return Arguments.of(name, request, named);
    }
}
