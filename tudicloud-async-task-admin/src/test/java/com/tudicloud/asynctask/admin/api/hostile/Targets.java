package com.tudicloud.asynctask.admin.api.hostile;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Request targets for an operation: its path with each path parameter filled in, then a query. */
final class Targets {

    private static final Pattern PATH_PARAMETER = Pattern.compile("\\{([^}]+)}");

    private final String validPathValue;

    /** @param validPathValue what fills a path parameter that is not under attack (an existing task id) */
    Targets(String validPathValue) {
        this.validPathValue = validPathValue;
    }

    String of(ApiOperation operation) {
        return with(operation, Map.of(), "");
    }

    /** The operation's path with {@code encodedValues} (already percent-encoded) for some parameters. */
    String with(ApiOperation operation, Map<String, String> encodedValues, String query) {
        Matcher parameter = PATH_PARAMETER.matcher(operation.path());
        StringBuilder target = new StringBuilder();
        while (parameter.find()) {
            parameter.appendReplacement(target,
                    Matcher.quoteReplacement(encodedValues.getOrDefault(parameter.group(1), validPathValue)));
        }
        parameter.appendTail(target);
        return query.isEmpty() ? target.toString() : target + "?" + query;
    }
}
