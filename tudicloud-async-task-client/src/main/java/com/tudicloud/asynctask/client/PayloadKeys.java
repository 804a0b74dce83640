package com.tudicloud.asynctask.client;

import com.tudicloud.asynctask.api.TaskRequest;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A task's key from a top-level field of its serialised payload, for types whose policy names a key field: the
 * field's text (a number or a boolean as written), or no key where the payload has no such field or it is null.
 */
final class PayloadKeys {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private PayloadKeys() {
    }

    /**
     * @throws IllegalArgumentException when the field holds an object or an array, or text that is no valid key
     */
    static String keyOf(String taskType, String keyField, String payloadJson) {
        if (keyField == null || payloadJson == null) {
            return null;
        }
        JsonNode field = parse(payloadJson).get(keyField);
        if (field == null || field.isNull()) {
            return null;
        }
        if (!field.isValueNode()) {
            throw new IllegalArgumentException("the key field '" + keyField + "' of task type '" + taskType
                    + "' holds " + field.getNodeType().name().toLowerCase() + ", not a text or a number");
        }
        try {
            return TaskRequest.requireKey(field.asText());
        } catch (IllegalArgumentException badKey) {
            throw new IllegalArgumentException("the key field '" + keyField + "' of task type '" + taskType + "': "
                    + badKey.getMessage(), badKey);
        }
    }

    private static JsonNode parse(String payloadJson) {
        try {
            return JSON.readTree(payloadJson);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("the payload is not JSON: " + e.getOriginalMessage(), e);
        }
    }
}
