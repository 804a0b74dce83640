package com.example.orders;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * One caller of the console over real HTTP: HTTP Basic on every request (none for an anonymous one), the session
 * cookie the service sets, and on a write the CSRF token the console's API hands out with the user.
 */
final class ConsoleClient {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager())
            .followRedirects(HttpClient.Redirect.NEVER).build();
    private final String console;
    private final String authorization;

    private ConsoleClient(String console, String authorization) {
        this.console = console;
        this.authorization = authorization;
    }

    /** @param console the console's address, e.g. http://localhost:8080/async-tasks */
    static ConsoleClient as(String console, String user, String password) {
        return new ConsoleClient(console, "Basic " + Base64.getEncoder()
                .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
    }

    static ConsoleClient anonymous(String console) {
        return new ConsoleClient(console, null);
    }

    /** @param path from the console's address, e.g. /api/tasks */
    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send(request(path).GET());
    }

    /** A GET as a browser asks for a page. */
    HttpResponse<String> page(String path) throws IOException, InterruptedException {
        return send(request(path).setHeader("Accept", "text/html").GET());
    }

    /** A POST with no body, sending the session's CSRF token in the header the API names. */
    HttpResponse<String> post(String path) throws IOException, InterruptedException {
        return send(withCsrf(request(path)).POST(HttpRequest.BodyPublishers.noBody()));
    }

    /** A POST of a JSON body, with the session's CSRF token. */
    HttpResponse<String> post(String path, String json) throws IOException, InterruptedException {
        return send(withCsrf(request(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    static JsonNode json(HttpResponse<String> response) {
        return JSON.readTree(response.body());
    }

    private HttpRequest.Builder withCsrf(HttpRequest.Builder request) throws IOException, InterruptedException {
        JsonNode csrf = json(get("/api/me")).path("csrf");
        return request.header(csrf.path("headerName").asString(), csrf.path("token").asString());
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(console + path))
                .setHeader("Accept", "application/json");
        return authorization == null ? request : request.header("Authorization", authorization);
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }
}
