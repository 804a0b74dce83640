package com.tudicloud.asynctask.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * The child of {@link JvmProcessTest}: says what it was started with, then echoes each line of its standard
 * input until {@code exit n} or the end of its input; a shutdown hook says {@code HOOK}.
 */
public final class EchoMain {

    static final String PROPERTY = "echo.property";
    static final String ENV = "ECHO_ENV";

    private EchoMain() {
    }

    public static void main(String[] args) throws IOException {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("HOOK")));
        System.out.println("ARGS " + String.join(" ", args));
        System.out.println("PROPERTY " + System.getProperty(PROPERTY));
        System.out.println("ENV " + System.getenv(ENV));
        System.err.println("ERR to standard error");
        System.out.println("READY");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.startsWith("exit ")) {
                System.exit(Integer.parseInt(line.substring("exit ".length())));
            }
            System.out.println("ECHO " + line);
        }
    }
}
