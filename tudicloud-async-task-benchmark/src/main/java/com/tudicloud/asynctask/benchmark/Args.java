package com.tudicloud.asynctask.benchmark;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Command-line options of the form {@code --name=value} or {@code --flag}; anything else is refused. */
public final class Args {

    private final Map<String, String> values;

    private Args(Map<String, String> values) {
        this.values = values;
    }

    public static Args parse(String[] args) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String arg : args) {
            if (!arg.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument '" + arg + "' (options look like --name=value)");
            }
            int eq = arg.indexOf('=');
            values.put(eq < 0 ? arg.substring(2) : arg.substring(2, eq), eq < 0 ? "true" : arg.substring(eq + 1));
        }
        return new Args(values);
    }

    public boolean flag(String name) {
        return Boolean.parseBoolean(values.getOrDefault(name, "false"));
    }

    public String text(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    public int integer(String name, int fallback) {
        return values.containsKey(name) ? Integer.parseInt(values.get(name)) : fallback;
    }

    public Duration millis(String name, Duration fallback) {
        return values.containsKey(name) ? Duration.ofMillis(Long.parseLong(values.get(name))) : fallback;
    }

    public List<String> list(String name, List<String> fallback) {
        return values.containsKey(name) ? List.of(values.get(name).split(",")) : fallback;
    }

    /** Builds the arguments of a child JVM. */
    public static List<String> of(Object... nameValuePairs) {
        List<String> args = new ArrayList<>();
        for (int i = 0; i < nameValuePairs.length; i += 2) {
            args.add("--" + nameValuePairs[i] + "=" + nameValuePairs[i + 1]);
        }
        return args;
    }
}
