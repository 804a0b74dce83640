package com.tudicloud.asynctask.admin.api.hostile;

import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One operation of the REST API as the application's own OpenAPI document describes it, so that a new
 * endpoint, parameter or body field is attacked without anyone listing it here.
 *
 * @param parameters query and path parameters by name, each with its (resolved) schema
 * @param bodyFields the JSON body's properties by name with their schemas; empty when there is no body
 * @param bodyMediaTypes every media type the operation's request body may have
 */
record ApiOperation(String method, String path, Map<String, Parameter> parameters, Map<String, JsonNode> bodyFields,
                    List<String> requiredBodyFields, List<String> bodyMediaTypes) {

    record Parameter(String name, String in, JsonNode schema) {
    }

    /** The operations under /api/ in an OpenAPI 3 document. */
    static List<ApiOperation> under(String prefix, JsonNode document) {
        List<ApiOperation> operations = new ArrayList<>();
        for (Map.Entry<String, JsonNode> path : document.get("paths").properties()) {
            if (!path.getKey().startsWith(prefix)) {
                continue;
            }
            for (Map.Entry<String, JsonNode> operation : path.getValue().properties()) {
                operations.add(of(operation.getKey().toUpperCase(Locale.ROOT), path.getKey(), operation.getValue(),
                        document));
            }
        }
        return operations;
    }

    boolean hasBody() {
        return !bodyFields.isEmpty();
    }

    /** {@code "name": example} for each required body field but {@code except}, from the documented examples. */
    List<String> requiredExamples(String except) {
        return requiredBodyFields.stream().filter(field -> !field.equals(except))
                .map(field -> Encodings.jsonString(field, true) + ": " + bodyFields.get(field).get("example"))
                .toList();
    }

    /** The smallest valid body: the required fields with their examples. */
    String exampleBody() {
        return "{" + String.join(", ", requiredExamples(null)) + "}";
    }

    String name() {
        return method + " " + path;
    }

    private static ApiOperation of(String method, String path, JsonNode operation, JsonNode document) {
        Map<String, Parameter> parameters = new LinkedHashMap<>();
        for (JsonNode parameter : operation.path("parameters")) {
            String name = parameter.get("name").asString();
            parameters.put(name, new Parameter(name, parameter.get("in").asString(),
                    resolve(parameter.get("schema"), document)));
        }
        JsonNode content = operation.path("requestBody").path("content");
        JsonNode body = resolve(content.path("application/json").path("schema"), document);
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> field : body.path("properties").properties()) {
            fields.put(field.getKey(), resolve(field.getValue(), document));
        }
        List<String> required = new ArrayList<>();
        body.path("required").forEach(name -> required.add(name.asString()));
        return new ApiOperation(method, path, parameters, fields, required, List.copyOf(content.propertyNames()));
    }

    /** A schema with its {@code $ref} (#/components/schemas/...) followed. */
    private static JsonNode resolve(JsonNode schema, JsonNode document) {
        if (schema == null || !schema.has("$ref")) {
            return schema;
        }
        String name = schema.get("$ref").asString().substring("#/components/schemas/".length());
        return document.path("components").path("schemas").path(name);
    }
}
