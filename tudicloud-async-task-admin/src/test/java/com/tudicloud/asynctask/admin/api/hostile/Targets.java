package com.tudicloud.asynctask.admin.api.hostile;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Request targets for an operation: its path with each path parameter filled in, then a query. */
final class Targets {

    private static final Pattern PATH_PARAMETER = Pattern.compile("\\{([^}]+)}");

    private final Map<String, String> validPathValues;

    /**
     * @param validPathValues what fills each path parameter that is not under attack, by its name (an existing
     *                        task's id, an existing schedule's name)
     */
    Targets(Map<String, String> validPathValues) {
        this.validPathValues = Map.copyOf(validPathValues);
    }

    String of(ApiOperation operation) {
        return with(operation, Map.of(), "");
    }

    private String valid(String parameter) {
        String value = validPathValues.get(parameter);
        if (value == null) {
            throw new IllegalStateException("no valid value known for the path parameter {" + parameter + "}");
        }
        return value;
    }

    /** The operation's path with {@code encodedValues} (already percent-encoded) for some parameters. */
    String with(ApiOperation operation, Map<String, String> encodedValues, String query) {
        Matcher parameter = PATH_PARAMETER.matcher(operation.path());
        StringBuilder target = new StringBuilder();
        while (parameter.find()) {
            parameter.appendReplacement(target,
                    Matcher.quoteReplacement(encodedValues.getOrDefault(parameter.group(1), valid(parameter.group(1)))));
        }
        parameter.appendTail(target);
        return query.isEmpty() ? target.toString() : target + "?" + query;
    }
}
