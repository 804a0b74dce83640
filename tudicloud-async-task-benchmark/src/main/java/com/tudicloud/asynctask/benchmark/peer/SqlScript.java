package com.tudicloud.asynctask.benchmark.peer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** The statements of a DDL script on the class path: comment lines ({@code --}, {@code #}) left out, split at {@code ;}. */
public final class SqlScript {

    private SqlScript() {
    }

    /** @param skip statements to leave out, e.g. a script's closing {@code commit} */
    public static List<String> statements(String resource, List<String> skip) {
        try (InputStream in = SqlScript.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the class path");
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(line -> !line.startsWith("--") && !line.startsWith("#"))
                    .collect(Collectors.joining("\n"));
            return Arrays.stream(text.split(";")).map(String::strip).filter(s -> !s.isEmpty())
                    .filter(s -> skip.stream().noneMatch(s::equalsIgnoreCase)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
