package com.tudicloud.asynctask.admin.api.hostile;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static com.tudicloud.asynctask.admin.api.hostile.HostileValues.oneOf;
import static org.assertj.core.api.Assertions.assertThat;

/** Hostile JSON request bodies: a field's value, an unknown field, a malformed body, a wrong Content-Type. */
final class BodyAttacks {

    private static final JsonMapper EXACT_NUMBERS = JsonMapper.builder()
            .enable(tools.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();
    private static final Comparator<JsonNode> NUMBERS_BY_VALUE = (a, b) -> a.isNumber() && b.isNumber()
            ? a.decimalValue().compareTo(b.decimalValue()) : (a.equals(b) ? 0 : 1);
    private static final String BIG = "x".repeat(70_000);

    /** Whole bodies that are not one JSON object; only the one with a byte order mark is legal. */
    private static final List<String> MALFORMED = List.of("", "{", "}", "{\"taskType\":", "[]", "null", "\"text\"",
            "42", "true", "{}{}", "{\"taskType\":\"demo.export\"} trailing", "{\"taskType\":\"demo.export\"}{}",
            "{'taskType':'demo.export'}", "{taskType:\"demo.export\"}", "{\"taskType\":\"demo.export\",}",
            "/* c */{\"taskType\":\"demo.export\"}", "{\"taskType\":\"demo.export\"}\u0000",
            "{\"taskType\":\"demo.export\",\"payload\":" + "[".repeat(5_000), "{\"taskType\":\"" + BIG + "\"}");
    private static final List<String> CONTENT_TYPES = List.of("text/plain", "application/xml", "*/*", "application/*",
            "application/json; charset=ebcdic", "application/json; charset=\"", "application/json;;", "multipart/form-data",
            "multipart/form-data; boundary=x", "application/x-www-form-urlencoded", "", "json",
            "application/json; charset=utf-16", "application/problem+json", "application/merge-patch+json",
            "application/json; charset=iso-8859-1", "application/json; q=\u00ff", "text/json");

    private final Targets targets;
    private final StoredRows stored;

    BodyAttacks(Targets targets, StoredRows stored) {
        this.targets = targets;
        this.stored = stored;
    }

    List<Attack> attacks() {
        return List.of(
                new Attack("body field value", operation -> operation.bodyFields().size(), this::fieldValue),
                new Attack("unknown body field", Attack.whenever(ApiOperation::hasBody), this::unknownField),
                new Attack("malformed body", Attack.whenever(ApiOperation::hasBody), this::malformedBody),
                new Attack("Content-Type", Attack.whenever(ApiOperation::hasBody), this::contentType));
    }

    private HostileRequest.Builder fieldValue(ApiOperation operation, int turn, Random random) {
        List<String> fields = new ArrayList<>(operation.bodyFields().keySet());
        String field = fields.get(turn % fields.size());
        JsonNode schema = operation.bodyFields().get(field);
        Value value = valueFor(schema, random);
        return json(operation, objectWith(operation, field, value.json()), value.raw())
                .note(field + ": " + value.json())
                .blame(value.wellFormed() ? new String[] {field} : new String[] {field, "body"})
                .mustReject(value.mustRefuse() || (value.json().equals("null") && operation.requiredBodyFields().contains(field)))
                .whenAccepted(reply -> storedAsSent(operation, reply, field, value.json()));
    }

    private HostileRequest.Builder unknownField(ApiOperation operation, int turn, Random random) {
        String name = oneOf(List.of(HostileValues.text(random), "TaskType", "task_type", "taskType ", "payload\u0000"),
                random);
        boolean escapeAll = random.nextBoolean();
        String body = objectWith(operation, name, "1").replace(Encodings.jsonString(name, true),
                Encodings.jsonString(name, escapeAll));
        boolean wellFormed = escapeAll || !HostileValues.hasLoneSurrogate(name);
        return json(operation, body, !escapeAll)
                .note(name)
                .blame(wellFormed ? new String[] {name} : new String[] {name, "body"})
                .mustReject(!operation.bodyFields().containsKey(name));
    }

    private HostileRequest.Builder malformedBody(ApiOperation operation, int turn, Random random) {
        String body = oneOf(MALFORMED, random);
        boolean withByteOrderMark = random.nextInt(10) == 0;
        List<String> suspects = new ArrayList<>(operation.bodyFields().keySet());
        suspects.add(0, "body");
        return json(operation, withByteOrderMark ? "\uFEFF" + operation.exampleBody() : body, true)
                .note(withByteOrderMark ? "byte order mark" : body)
                // a parser that fails inside a field may name it
                .blame(suspects.toArray(String[]::new))
                .mustReject(!withByteOrderMark);
    }

    private HostileRequest.Builder contentType(ApiOperation operation, int turn, Random random) {
        String type = oneOf(CONTENT_TYPES, random);
        return HostileRequest.to(operation.method(), targets.of(operation))
                .header("Content-Type", type)
                .note(type)
                .body(operation.exampleBody().getBytes(StandardCharsets.UTF_8))
                .blame("Content-Type", "body")
                .mustReject(!type.startsWith("application/json") && !type.endsWith("+json"));
    }

    /**
     * A hostile JSON value for a field.
     *
     * @param raw whether non-ASCII text goes out as raw (WTF-8) bytes instead of backslash-u escapes
     * @param wellFormed whether the body is still syntactically valid JSON in valid UTF-8
     */
    private record Value(String json, boolean raw, boolean wellFormed, boolean mustRefuse) {
    }

    private static Value valueFor(JsonNode schema, Random random) {
        String type = schema.path("type").asString("");
        if (type.isEmpty() || (type.equals("object") && !schema.has("properties"))) {
            return anyJson(random);
        }
        if (random.nextInt(4) == 0) {
            String other = oneOf(HostileValues.JSON_OF_EVERY_TYPE, random);
            boolean sameType = other.equals("null") || switch (type) {
                case "string" -> other.startsWith("\"");
                case "integer" -> HostileValues.isJsonIntegerWithin(other, schema);
                case "boolean" -> other.equals("true") || other.equals("false");
                case "array" -> other.equals("[]");
                default -> false;
            };
            return new Value(other, false, true, !sameType);
        }
        if (type.equals("integer")) {
            String number = oneOf(HostileValues.NUMBERS, random);
            return new Value(number, false, HostileValues.isJsonNumber(number),
                    !HostileValues.isJsonIntegerWithin(number, schema));
        }
        if (type.equals("string")) {
            String text = "date-time".equals(schema.path("format").asString("")) && random.nextBoolean()
                    ? oneOf(HostileValues.INSTANTS, random) : HostileValues.text(random);
            boolean raw = random.nextBoolean();
            boolean loneSurrogate = HostileValues.hasLoneSurrogate(text);
            return new Value(Encodings.jsonString(text, !raw), raw, !(raw && loneSurrogate),
                    loneSurrogate || (schema.has("maxLength") && text.length() > schema.get("maxLength").asInt()));
        }
        if (type.equals("boolean")) {
            String other = oneOf(HostileValues.JSON_OF_EVERY_TYPE, random);
            return new Value(other, false, true, !List.of("true", "false", "null").contains(other));
        }
        if (type.equals("array") && schema.path("items").has("enum")) {
            return enumArray(schema, random);
        }
        if (type.equals("object")) {
            // an object of named fields given anything but an object
            return new Value(oneOf(List.of("[]", "[{}]", "1", "\"x\"", "true"), random), false, true, true);
        }
        if (type.equals("array") && "integer".equals(schema.path("items").path("type").asString(""))) {
            // a list of ids given what no id is: a null, zero, a negative, a fraction, text, nesting, past a long, too many
            String tooMany = "[" + String.join(",", Collections.nCopies(schema.path("maxItems").asInt(1000) + 1, "1")) + "]";
            return new Value(oneOf(List.of("[null]", "[0]", "[-1]", "[1.5]", "[\"x\"]", "[[]]", "[9223372036854775808]",
                    "{}", "\"x\"", tooMany), random), false, true, true);
        }
        if (type.equals("array") && schema.path("items").has("$ref")) {
            // a list of objects given anything but objects: a null, a scalar, a nested list, or no list at all
            return new Value(oneOf(List.of("[null]", "[1]", "[\"x\"]", "[[]]", "[true]", "\"x\"", "7", "{}"), random),
                    false, true, true);
        }
        throw new IllegalStateException("no hostile values for a field of type " + type + ": " + schema);
    }

    /** An array of names from the items' enum, mixed with names it does not hold, nulls, nesting, or too many. */
    private static Value enumArray(JsonNode schema, Random random) {
        List<String> names = new ArrayList<>();
        schema.path("items").get("enum").forEach(name -> names.add(name.asString()));
        List<String> elements = new ArrayList<>();
        boolean foreign = false;
        int size = random.nextInt(5) == 0 ? schema.path("maxItems").asInt(10) + 1 + random.nextInt(3) : random.nextInt(4);
        for (int i = 0; i < size; i++) {
            String name = oneOf(names, random);
            switch (random.nextInt(6)) {
                case 0 -> {
                    String text = oneOf(List.of(name.toLowerCase(java.util.Locale.ROOT), " " + name, name + ",x", "",
                            HostileValues.text(random)), random);
                    elements.add(Encodings.jsonString(text, true));
                    foreign = true;
                }
                case 1 -> {
                    elements.add(oneOf(List.of("null", "1", "[\"" + name + "\"]", "{}"), random));
                    foreign = true;
                }
                default -> elements.add(Encodings.jsonString(name, true));
            }
        }
        boolean tooMany = schema.has("maxItems") && size > schema.get("maxItems").asInt();
        return new Value("[" + String.join(", ", elements) + "]", false, true, foreign || tooMany);
    }

    /** For a field that takes any JSON (a payload). */
    private static Value anyJson(Random random) {
        return switch (random.nextInt(7)) {
            case 0 -> {
                int depth = 600 + random.nextInt(3_000);
                // deeper than a JSON parser should follow: refused (naming the body) or kept whole
                yield new Value("[".repeat(depth) + "1" + "]".repeat(depth), false, false, false);
            }
            case 1 -> new Value("{\"a\": 1, \"a\": 2}", false, true, true);
            case 2 -> {
                String text = HostileValues.text(random);
                yield new Value(Encodings.jsonString(text, true), false, true, HostileValues.hasLoneSurrogate(text));
            }
            case 3 -> new Value(oneOf(List.of("1E400", "-0.0", "99999999999999999999", "1e-400", "0.1000"), random),
                    false, true, false);
            case 4 -> new Value("{" + Encodings.jsonString(HostileValues.text(random), true) + ": null}", false, true,
                    false);
            case 5 -> new Value(Encodings.jsonString(BIG, false), false, false, true);
            default -> new Value(oneOf(HostileValues.JSON_OF_EVERY_TYPE, random), false, true, false);
        };
    }

    /** The operation's required fields with their documented examples, and {@code field} set to {@code json}. */
    private static String objectWith(ApiOperation operation, String field, String json) {
        List<String> members = new ArrayList<>(operation.requiredExamples(field));
        members.add(Encodings.jsonString(field, true) + ": " + json);
        return "{" + String.join(", ", members) + "}";
    }

    private HostileRequest.Builder json(ApiOperation operation, String body, boolean raw) {
        return HostileRequest.to(operation.method(), targets.of(operation))
                .header("Content-Type", "application/json")
                .body(raw ? Encodings.wtf8(body) : body.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * What an accepted request stored is what it sent: nothing coerced, truncated or replaced by '?'. Read from
     * the database where the request wrote a row; a field without a row or column of its own is held against
     * the reply.
     */
    private void storedAsSent(ApiOperation operation, Reply reply, String field, String sentJson) {
        if (sentJson.equals("null")) {
            return;
        }
        JsonNode kept = stored.of(operation, reply, field).orElse(reply.json().get(field));
        if (kept == null) {
            return;
        }
        JsonNode sent = EXACT_NUMBERS.readTree(sentJson);
        assertThat(sent.equals(NUMBERS_BY_VALUE, kept)).as("%s stored as %s, sent as %s", field, kept, sent).isTrue();
    }
}
