package com.tudicloud.asynctask.admin.api;

import com.tudicloud.asynctask.admin.AdminProperties;
import org.springframework.stereotype.Component;
import tools.jackson.core.JsonPointer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Masks the payload fields named in {@code async-task.admin.redact-payload-fields} (JSON pointers, RFC
 * 6901) in what the API shows, for every user; the stored payload is never changed. The pointers are
 * checked at start: one that is not a JSON pointer stops the application with a message naming it.
 */
@Component
@ConditionalOnConsole
public class PayloadRedaction {

    /** What a masked field shows instead of its value. */
    public static final String MASK = "[redacted]";

    /** A payload shown: with its masked fields, and the pointers of those fields. */
    record Shown(JsonNode payload, List<String> redactedFields) {
    }

    private final List<JsonPointer> pointers;

    public PayloadRedaction(AdminProperties properties) {
        this.pointers = compile(properties.getRedactPayloadFields());
    }

    static List<JsonPointer> compile(List<String> fields) {
        List<JsonPointer> compiled = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            String field = fields.get(i);
            try {
                if (field == null || field.isEmpty()) {
                    throw new IllegalArgumentException("it is empty, which would mean the whole payload");
                }
                compiled.add(JsonPointer.compile(field));
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("async-task.admin.redact-payload-fields[" + i + "]: '" + field
                        + "' is not a JSON pointer to a field (RFC 6901, e.g. /card/number): " + e.getMessage(), e);
            }
        }
        return List.copyOf(compiled);
    }

    /** The payload with the configured fields masked; a copy when any is, the payload itself otherwise. */
    Shown apply(JsonNode payload) {
        if (payload == null || pointers.isEmpty()) {
            return new Shown(payload, List.of());
        }
        JsonNode shown = payload.deepCopy();
        List<String> masked = new ArrayList<>();
        for (JsonPointer pointer : pointers) {
            if (mask(shown, pointer)) {
                masked.add(pointer.toString());
            }
        }
        return masked.isEmpty() ? new Shown(payload, List.of()) : new Shown(shown, List.copyOf(masked));
    }

    private static boolean mask(JsonNode root, JsonPointer pointer) {
        JsonNode parent = root.at(pointer.head());
        if (parent instanceof ObjectNode object && object.has(pointer.last().getMatchingProperty())) {
            object.set(pointer.last().getMatchingProperty(), StringNode.valueOf(MASK));
            return true;
        }
        int index = pointer.last().getMatchingIndex();
        if (parent instanceof ArrayNode array && index >= 0 && index < array.size()) {
            array.set(index, StringNode.valueOf(MASK));
            return true;
        }
        return false;
    }
}
