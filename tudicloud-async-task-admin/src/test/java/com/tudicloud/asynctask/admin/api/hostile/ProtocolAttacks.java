package com.tudicloud.asynctask.admin.api.hostile;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static com.tudicloud.asynctask.admin.api.hostile.HostileValues.oneOf;

/**
 * Hostile HTTP around the API: request lines, targets, headers, methods, credentials and Accept. Most
 * of these are refused by Tomcat or the security firewall before any controller runs.
 */
final class ProtocolAttacks {

    private static final String LONG = "a".repeat(9_000);
    /** Appended to a valid target. Chars 128 to 255 stand for single raw bytes on the wire. */
    private static final List<String> TARGET_SUFFIXES = List.of(";x=1", "/;x=1", "%2F1", "%2f..", "%25", "%251",
            "%00", "%0a", "%G1", "%", "%E0%A4%A", "%C0%AF", "%ED%A0%80", "%FF", "\u00ff", "\u007f", "/./", "/../",
            "/..;/stats", "//", "%5C", "\\", "#frag", "?%", "?a=%G1", "?ownerId=%ED%A0%80", "?ownerId=%FF",
            "?ownerId=%", "?" + LONG, "/" + LONG, "?ownerId=\u00ff", "?a=\u0000", "?=&&==", "?ownerId=a%00b");
    private static final List<String> TARGETS = List.of("//api/tasks", "/API/TASKS", "*", "http://evil.example/api/tasks",
            "api/tasks", "/api/tasks/../../", "/api%2Ftasks", "/api/./tasks", "/api/tasks/..%2F..%2Fetc%2Fpasswd");
    private static final List<String> HEADERS = List.of("X-Hostile: a\u0000b", "X-Hostile: a\rb", "X-Hostile: a\nb",
            "X-Hostile: \u00ff\u00fe", "X-Hostile: " + LONG, "X Hostile: 1", "X-Hostile : 1", "NoColon", ": empty-name",
            "X-Hostile: 1\r\n folded", "Host: a b", "Host: 127.0.0.1\r\nHost: 127.0.0.2", "Host: " + LONG,
            "Content-Length: abc", "Content-Length: -1", "Content-Length: 1, 2", "Content-Length: 99999999999999999999",
            "Transfer-Encoding: gzip", "Transfer-Encoding: chunked\r\nContent-Length: 5", "Expect: fancy",
            "Expect: 100-continue", "Content-Type: application/json\u0000", "Accept: \u00ff", "Cookie: " + LONG,
            "Cookie: JSESSIONID=\u0000; XSRF-TOKEN=%", "Authorization: Basic \u0000", "X-Forwarded-For: ' OR 1=1 --",
            "Content-Encoding: gzip", "Range: bytes=0-1,0-1,0-1");
    /**
     * Method, target and version of odd request lines ("%s" is the valid target), and whether a server may
     * take the line (Tomcat is lenient with white space, as RFC 9112 allows).
     */
    private static final List<String[]> REQUEST_LINES = List.of(
            new String[] {"GET ", "%s", "HTTP/1.1", "may pass"}, new String[] {"GET", "%s", "HTTP/1.0", "may pass"},
            new String[] {"GET", "%s", "HTTP/2.0", "refuse"}, new String[] {"GET", "%s", "HTTP/1.1 extra", "refuse"},
            new String[] {"GET", "%s", "", "refuse"}, new String[] {"GET", "%s", "http/1.1", "refuse"},
            new String[] {"GET\t", "%s", "HTTP/1.1", "may pass"}, new String[] {"G@T", "%s", "HTTP/1.1", "refuse"},
            new String[] {"get", "%s", "HTTP/1.1", "refuse"}, new String[] {"GET", "%s", "HTTP/1.1\r", "may pass"},
            new String[] {"G".repeat(300), "%s", "HTTP/1.1", "refuse"}, new String[] {"\u0000GET", "%s", "HTTP/1.1", "refuse"},
            new String[] {"GET", "%s", "HTTP/1.12", "refuse"}, new String[] {"GET", "%s", "HTTP/9.9", "refuse"},
            new String[] {"GET", "%s\u0000", "HTTP/1.1", "refuse"});
    private static final List<String> METHODS = List.of("PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE", "CONNECT",
            "FOO", "PROPFIND", "POST", "GET");
    private static final List<String> AUTHORIZATIONS = List.of("Basic", "Basic ", "Basic !!!", "Bearer abc",
            "Basic " + base64("nocolon"), "Basic " + base64(":"), "Basic " + base64("operator:" + "x".repeat(5_000)),
            "Basic " + base64("' OR 1=1 --:x"), "Digest username=\"operator\"", "Basic " + base64("operator:operator") + "x",
            "Basic \u00ff\u00fe");
    private static final List<String> ACCEPTS = List.of("text/html", "application/xml", "image/png",
            "application/problem+json", "*/*", "application/*", "application/json;q=0", "*/*;q=abc", "garbage", "text/*",
            "", ",,,", "application/json, text/html;q=0.1", "application/json;charset=ebcdic", "a/b/c",
            "application/json;q=2", String.join(",", Collections.nCopies(300, "text/html")));

    private final Targets targets;
    private final List<ApiOperation> operations;

    /** @param operations all operations, to know which methods each path has */
    ProtocolAttacks(Targets targets, List<ApiOperation> operations) {
        this.targets = targets;
        this.operations = operations;
    }

    List<Attack> attacks() {
        return List.of(
                new Attack("raw target", operation -> 1, this::rawTarget),
                new Attack("raw header", operation -> 1, this::rawHeader),
                new Attack("request line", operation -> 1, this::requestLine),
                new Attack("method", operation -> 1, this::method),
                new Attack("Authorization", operation -> 1, this::authorization),
                new Attack("Accept", operation -> 1, this::accept));
    }

    private HostileRequest.Builder rawTarget(ApiOperation operation, int turn, Random random) {
        String target = random.nextInt(4) == 0 ? oneOf(TARGETS, random)
                : targets.of(operation) + oneOf(TARGET_SUFFIXES, random);
        return valid(operation, target)
                .note(target)
                .blame(suspects(operation, "URI", "URL", "request target", "path", "header", "parameter", "query"));
    }

    private HostileRequest.Builder rawHeader(ApiOperation operation, int turn, Random random) {
        String header = oneOf(HEADERS, random);
        int colon = header.indexOf(':');
        String name = colon > 0 ? header.substring(0, colon).strip() : header;
        return valid(operation, targets.of(operation))
                .header(colon > 0 ? header.substring(0, colon) : header, colon > 0 ? header.substring(colon + 2) : "")
                .note(header)
                .blame(name, "header", "Host", "Content-Length", "Transfer-Encoding", "Expect", "body", "Cookie",
                        "Authorization", "credentials");
    }

    private HostileRequest.Builder requestLine(ApiOperation operation, int turn, Random random) {
        String[] line = oneOf(REQUEST_LINES, random);
        String method = line[0].replace("GET", operation.method()).replace("get", operation.method().toLowerCase());
        HostileRequest.Builder request = HostileRequest.to(method, line[1].formatted(targets.of(operation)))
                .version(line[2])
                .note(String.join(" ", method, line[1], line[2]))
                .blame("method", "request target", "HTTP", "protocol", "version", "request line", "URI");
        return withValidBody(operation, request).mustReject(line[3].equals("refuse"));
    }

    private HostileRequest.Builder method(ApiOperation operation, int turn, Random random) {
        String method = oneOf(METHODS, random);
        String asked = method.equals("HEAD") ? "GET" : method;
        boolean documented = method.equals("OPTIONS") || operations.stream().anyMatch(other ->
                other.path().equals(operation.path()) && other.method().equals(asked));
        // a method another operation on the path has: that operation's own rules may refuse the request
        return withValidBody(operation, HostileRequest.to(method, targets.of(operation)))
                .note(method)
                .blame(documented ? new String[] {method, "method", "body"} : new String[] {method, "method"})
                .mustReject(!documented);
    }

    private HostileRequest.Builder authorization(ApiOperation operation, int turn, Random random) {
        String authorization = oneOf(AUTHORIZATIONS, random);
        return valid(operation, targets.of(operation))
                .header("Authorization", authorization)
                .note(authorization)
                .blame("credentials", "Authorization", "header")
                .mustReject(true);
    }

    private HostileRequest.Builder accept(ApiOperation operation, int turn, Random random) {
        String accept = oneOf(ACCEPTS, random);
        return valid(operation, targets.of(operation))
                .header("Accept", accept)
                .note(accept)
                .blame("Accept");
    }

    private HostileRequest.Builder valid(ApiOperation operation, String target) {
        return withValidBody(operation, HostileRequest.to(operation.method(), target));
    }

    /** The smallest valid JSON body for an operation that takes one. */
    private static HostileRequest.Builder withValidBody(ApiOperation operation, HostileRequest.Builder request) {
        return operation.hasBody() ? request.header("Content-Type", "application/json")
                .body(operation.exampleBody().getBytes(StandardCharsets.UTF_8)) : request;
    }

    private static String[] suspects(ApiOperation operation, String... more) {
        List<String> names = new ArrayList<>(operation.parameters().keySet());
        names.addAll(List.of(more));
        return names.toArray(String[]::new);
    }

    private static String base64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }
}
