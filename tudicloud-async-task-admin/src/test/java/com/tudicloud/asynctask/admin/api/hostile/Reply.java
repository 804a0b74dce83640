package com.tudicloud.asynctask.admin.api.hostile;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;

/** What the server answered: status, Content-Type (null when absent) and body bytes. */
record Reply(int status, String contentType, byte[] body) {

    /** Numbers read exactly, as sent: a double would turn 1E400 into Infinity. */
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(tools.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    JsonNode json() {
        return JSON.readTree(body);
    }

    boolean hasMediaType(String mediaType) {
        return contentType != null && contentType.toLowerCase(java.util.Locale.ROOT).startsWith(mediaType);
    }
}
