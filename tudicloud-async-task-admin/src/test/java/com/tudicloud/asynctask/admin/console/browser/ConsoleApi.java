package com.tudicloud.asynctask.admin.console.browser;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The admin API as the browser tests call it behind the page's back: as the operator, over HTTP Basic. */
final class ConsoleApi {

    private final String baseUrl;
    private final JsonMapper jsonMapper;
    private final HttpClient http = HttpClient.newHttpClient();

    ConsoleApi(String baseUrl, JsonMapper jsonMapper) {
        this.baseUrl = baseUrl;
        this.jsonMapper = jsonMapper;
    }

    long submit(String type, String payloadJson, String owner, int priority) {
        return submit(type, payloadJson, owner, priority, 0, 3);
    }

    long submit(String type, String payloadJson, String owner, int priority, long delayMs, int maxAttempts) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("taskType", type);
        body.put("payload", jsonMapper.readTree(payloadJson));
        body.put("ownerId", owner);
        body.put("priority", priority);
        body.put("delayMs", delayMs);
        body.put("maxAttempts", maxAttempts);
        HttpResponse<String> response = send(request("/api/tasks").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(jsonMapper.writeValueAsString(body))).build());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return jsonMapper.readTree(response.body()).get("id").asLong();
    }

    /** Submits a task (the body of POST /api/tasks) and answers its id. */
    long submitBody(String bodyJson) {
        HttpResponse<String> response = send(request("/api/tasks").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(bodyJson)).build());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return jsonMapper.readTree(response.body()).get("id").asLong();
    }

    /** Submits a batch (the body of POST /api/batches) and answers its id. */
    long submitBatch(String bodyJson) {
        HttpResponse<String> response = send(request("/api/batches").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(bodyJson)).build());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return jsonMapper.readTree(response.body()).get("id").asLong();
    }

    void post(String path) {
        HttpResponse<String> response = send(request(path).POST(HttpRequest.BodyPublishers.noBody()).build());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    }

    JsonNode get(String path) {
        HttpResponse<String> response = send(request(path).GET().build());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return jsonMapper.readTree(response.body());
    }

    JsonNode task(long id) {
        return get("/api/tasks/" + id);
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private HttpRequest.Builder request(String path) {
        String credentials = Base64.getEncoder().encodeToString("operator:operator".getBytes(StandardCharsets.UTF_8));
        return HttpRequest.newBuilder(URI.create(baseUrl + path))
                .header("Authorization", "Basic " + credentials)
                .header("Accept", "application/json");
    }
}
