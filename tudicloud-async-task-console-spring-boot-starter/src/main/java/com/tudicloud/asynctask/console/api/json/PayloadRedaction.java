package com.tudicloud.asynctask.console.api.json;

import com.tudicloud.asynctask.console.ConsoleApiProperties;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonPointer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Masks payload fields in what the API shows, for every user; the stored payload is never changed. The fields
 * of {@code async-task.admin.redact-payload-fields} are JSON pointers (RFC 6901, {@code /card/number}) or
 * field names at any depth ({@code **}{@code /password}; {@code *} in the name matches any characters, and the
 * name is matched ignoring case). Redaction fails closed: a payload that does not parse as JSON is masked
 * whole, since no rule can be applied to it. The rules are checked at start: one that is neither form stops
 * the application with a message naming it.
 */
@Component
public class PayloadRedaction {

    /** What a masked field shows instead of its value. */
    public static final String MASK = "[redacted]";
    /** The pointer of the whole payload, named when it is masked whole. */
    static final String WHOLE = "";

    private static final String ANY_DEPTH = "**/";

    /** A payload shown: with its masked fields, and the pointers of those fields. */
    record Shown(JsonNode payload, List<String> redactedFields) {
    }

    private final List<JsonPointer> pointers = new ArrayList<>();
    private final List<Pattern> names = new ArrayList<>();
    private final JsonMapper jsonMapper;

    public PayloadRedaction(ConsoleApiProperties properties, ConsoleJson json) {
        this.jsonMapper = json.mapper();
        List<String> fields = properties.getRedactPayloadFields();
        for (int i = 0; i < fields.size(); i++) {
            compile(i, fields.get(i));
        }
    }

    private void compile(int index, String field) {
        try {
            if (field == null || field.isEmpty()) {
                throw new IllegalArgumentException("it is empty, which would mean the whole payload");
            }
            if (field.startsWith(ANY_DEPTH)) {
                names.add(namePattern(field.substring(ANY_DEPTH.length())));
            } else {
                pointers.add(JsonPointer.compile(field));
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("async-task.admin.redact-payload-fields[" + index + "]: '" + field
                    + "' is neither a JSON pointer to a field (RFC 6901, e.g. /card/number) nor a field name at any "
                    + "depth (e.g. **/password): " + e.getMessage(), e);
        }
    }

    private static Pattern namePattern(String name) {
        if (name.isEmpty() || name.contains("/")) {
            throw new IllegalArgumentException("after **/ comes one field name, which may hold * but no /");
        }
        String regex = Arrays.stream(name.split("\\*", -1)).map(Pattern::quote).collect(Collectors.joining(".*"));
        return Pattern.compile(regex, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.DOTALL);
    }

    /** The stored payload text as the API shows it. */
    Shown show(String payloadJson) {
        if (payloadJson == null) {
            return new Shown(null, List.of());
        }
        JsonNode payload;
        try {
            payload = jsonMapper.readTree(payloadJson);
        } catch (JacksonException e) {
            return isEmpty() ? new Shown(StringNode.valueOf(payloadJson), List.of())
                    : new Shown(StringNode.valueOf(MASK), List.of(WHOLE));
        }
        return apply(payload);
    }

    /** The payload with the configured fields masked; a copy when any is, the payload itself otherwise. */
    Shown apply(JsonNode payload) {
        if (payload == null || isEmpty()) {
            return new Shown(payload, List.of());
        }
        JsonNode shown = payload.deepCopy();
        List<String> masked = new ArrayList<>();
        maskNames(shown, "", masked);
        for (JsonPointer pointer : pointers) {
            if (!masked.contains(pointer.toString()) && mask(shown, pointer)) {
                masked.add(pointer.toString());
            }
        }
        return masked.isEmpty() ? new Shown(payload, List.of()) : new Shown(shown, List.copyOf(masked));
    }

    /**
     * What to store for a payload written back after it was read: wherever it still holds {@link #MASK} where the
     * stored payload had a masked field, the stored value, so that a GET followed by a PUT keeps the secret.
     *
     * @return the payload text to store; null for none
     */
    public String restore(JsonNode submitted, String storedJson) {
        if (submitted == null) {
            return null;
        }
        Shown stored = show(storedJson);
        if (stored.redactedFields().contains(WHOLE) && isMask(submitted)) {
            return storedJson;
        }
        if (stored.redactedFields().isEmpty()) {
            return jsonMapper.writeValueAsString(submitted);
        }
        JsonNode original = jsonMapper.readTree(storedJson);
        JsonNode restored = submitted.deepCopy();
        for (String field : stored.redactedFields()) {
            JsonPointer pointer = JsonPointer.compile(field);
            if (isMask(restored.at(pointer))) {
                replace(restored, pointer, original.at(pointer));
            }
        }
        return jsonMapper.writeValueAsString(restored);
    }

    private boolean isEmpty() {
        return pointers.isEmpty() && names.isEmpty();
    }

    private static boolean isMask(JsonNode node) {
        return node != null && node.isString() && MASK.equals(node.asString());
    }

    /** Masks every field whose name matches, at any depth, without looking inside what it masks. */
    private void maskNames(JsonNode node, String at, List<String> masked) {
        if (names.isEmpty()) {
            return;
        }
        if (node instanceof ObjectNode object) {
            for (Map.Entry<String, JsonNode> field : new ArrayList<>(object.properties())) {
                String pointer = at + "/" + field.getKey().replace("~", "~0").replace("/", "~1");
                if (names.stream().anyMatch(name -> name.matcher(field.getKey()).matches())) {
                    object.set(field.getKey(), StringNode.valueOf(MASK));
                    masked.add(pointer);
                } else {
                    maskNames(field.getValue(), pointer, masked);
                }
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                maskNames(array.get(i), at + "/" + i, masked);
            }
        }
    }

    private static boolean mask(JsonNode root, JsonPointer pointer) {
        return replace(root, pointer, StringNode.valueOf(MASK));
    }

    private static boolean replace(JsonNode root, JsonPointer pointer, JsonNode value) {
        JsonNode parent = root.at(pointer.head());
        if (parent instanceof ObjectNode object && object.has(pointer.last().getMatchingProperty())) {
            object.set(pointer.last().getMatchingProperty(), value);
            return true;
        }
        int index = pointer.last().getMatchingIndex();
        if (parent instanceof ArrayNode array && index >= 0 && index < array.size()) {
            array.set(index, value);
            return true;
        }
        return false;
    }
}
