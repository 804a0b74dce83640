package com.tudicloud.asynctask.admin.api.hostile;

import tools.jackson.databind.JsonNode;

import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;

import static com.tudicloud.asynctask.admin.api.hostile.HostileValues.oneOf;
import static org.assertj.core.api.Assertions.assertThat;

/** Hostile values for query and path parameters, chosen by each parameter's schema. */
final class ParameterAttacks {

    /** A whole number as the API documents it: plain decimal digits, perhaps a minus sign. */
    private static final Pattern QUERY_INTEGER = Pattern.compile("-?[0-9]+");
    private static final Pattern TASK_ID = Pattern.compile("[0-9]{1,18}");
    private static final List<String> IDS = List.of("0", "-1", "1e3", " 1", "0x1c", "\u0661\u0662",
            "99999999999999999999", "9223372036854775807", "1.0", "+1", "1".repeat(19), "00000001", "1;x=1", "1/",
            "%", "..", ".");

    private final Targets targets;

    ParameterAttacks(Targets targets) {
        this.targets = targets;
    }

    List<Attack> attacks() {
        return List.of(
                new Attack("query value", operation -> parameters(operation, "query").size(), this::queryValue),
                new Attack("path value", operation -> parameters(operation, "path").size(), this::pathValue));
    }

    private HostileRequest.Builder queryValue(ApiOperation operation, int turn, Random random) {
        ApiOperation.Parameter parameter = turnOf(parameters(operation, "query"), turn);
        JsonNode schema = parameter.schema();
        String value = valueFor(schema, random);
        boolean repeated = random.nextInt(8) == 0;
        String query = parameter.name() + "=" + Encodings.percent(value)
                + (repeated ? "&" + parameter.name() + "=" + Encodings.percent(valueFor(schema, random)) : "");
        return HostileRequest.to(operation.method(), targets.with(operation, Map.of(), query))
                .note(parameter.name() + "=" + value)
                // Tomcat calls a request line over its size limit a "request header"
                .blame(parameter.name(), "request header")
                .mustReject(!repeated && mustRefuse(schema, value))
                .whenAccepted(reply -> filterHolds(reply, parameter, value, repeated));
    }

    private HostileRequest.Builder pathValue(ApiOperation operation, int turn, Random random) {
        ApiOperation.Parameter parameter = turnOf(parameters(operation, "path"), turn);
        String value = random.nextBoolean() ? oneOf(IDS, random) : HostileValues.text(random);
        // an encoded '/' or '%' is refused before the application sees it, by Tomcat or the firewall
        return HostileRequest.to(operation.method(), targets.with(operation,
                        Map.of(parameter.name(), Encodings.percent(value)), ""))
                .note(value)
                .blame(parameter.name(), "URI", "URL", "request header")
                .mustReject(!TASK_ID.matcher(value).matches());
    }

    private static String valueFor(JsonNode schema, Random random) {
        if (random.nextInt(4) == 0) {
            return HostileValues.text(random);
        }
        JsonNode items = schema.path("items");
        if (items.has("enum")) {
            String name = items.get("enum").get(random.nextInt(items.get("enum").size())).asString();
            return oneOf(List.of(name.toLowerCase(), name + ",", ",", " " + name, name + "," + name, name + ",x", ""),
                    random);
        }
        if ("date-time".equals(schema.path("format").asString(""))) {
            return oneOf(HostileValues.INSTANTS, random);
        }
        if ("integer".equals(schema.path("type").asString(""))) {
            return oneOf(HostileValues.NUMBERS, random);
        }
        return random.nextBoolean() ? oneOf(HostileValues.INJECTIONS, random) : HostileValues.text(random);
    }

    /** Values the schema says cannot be right; others may be accepted or refused. */
    private static boolean mustRefuse(JsonNode schema, String value) {
        // Spring takes a blank value for an absent one
        if (value.isBlank()) {
            return false;
        }
        JsonNode items = schema.path("items");
        if (items.has("enum")) {
            List<String> names = new ArrayList<>();
            items.get("enum").forEach(name -> names.add(name.asString()));
            for (String part : value.split(",", -1)) {
                if (!names.contains(part.strip())) {
                    return true;
                }
            }
            return false;
        }
        if ("date-time".equals(schema.path("format").asString(""))) {
            try {
                DateTimeFormatter.ISO_DATE_TIME.parse(value);
                return false;
            } catch (DateTimeParseException e) {
                return true;
            }
        }
        if ("integer".equals(schema.path("type").asString(""))) {
            return !HostileValues.isIntegerWithin(value, QUERY_INTEGER, schema);
        }
        return schema.has("maxLength") && value.length() > schema.get("maxLength").asInt();
    }

    /** A filter that was accepted returns only items that match it exactly: an injection matched nothing extra. */
    private static void filterHolds(Reply reply, ApiOperation.Parameter parameter, String value, boolean repeated) {
        JsonNode items = reply.json().path("items");
        if (repeated || value.isBlank()) {
            return;
        }
        List<String> allowed = parameter.schema().has("items") ? List.of(value.split(",")) : List.of(value);
        for (JsonNode item : items) {
            if (item.has(parameter.name())) {
                assertThat(item.get(parameter.name()).asString())
                        .as("an item listed for %s=%s", parameter.name(), value)
                        .isIn(allowed.stream().map(String::strip).toList());
            }
        }
    }

    private static ApiOperation.Parameter turnOf(List<ApiOperation.Parameter> parameters, int turn) {
        return parameters.get(turn % parameters.size());
    }

    private static List<ApiOperation.Parameter> parameters(ApiOperation operation, String in) {
        return operation.parameters().values().stream().filter(parameter -> parameter.in().equals(in)).toList();
    }
}
