package com.tudicloud.asynctask.benchmark.jvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * A child JVM's side of the line protocol with the runner: it reads commands ({@code GO},
 * {@code STOP}) from standard input and writes reports ({@code READY} or {@code FAILED reason}, {@code PRODUCED n},
 * {@code STATS k=v ...}, {@code WINDOW k=v ...}) to standard output, one line each. Logs go to standard error.
 */
final class ParentLink {

    static final String READY = "READY";
    static final String FAILED = "FAILED";
    static final String GO = "GO";
    static final String STOP = "STOP";
    static final String PRODUCED = "PRODUCED";
    static final String STATS = "STATS";
    static final String WINDOW = "WINDOW";

    private final BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));

    void report(String line) {
        System.out.println(line);
        System.out.flush();
    }

    /** Blocks until the runner sends {@code command}; fails if the runner went away. */
    void await(String command) {
        try {
            for (String line = commands.readLine(); line != null; line = commands.readLine()) {
                if (line.trim().equals(command)) {
                    return;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("the runner closed standard input before sending " + command);
    }
}
