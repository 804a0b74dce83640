package com.tudicloud.asynctask.admin.demo;

import org.springframework.core.env.Environment;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Whether the demo runs, decided from the configuration alone (so that a condition can ask before any bean
 * exists): {@code async-task.demo.enabled} when it is set, else only on an embedded H2 database, the
 * application's default. A database that other programs can reach holds real tasks: the demo's handlers, its
 * feeder, its logins and its table stay away from it unless asked for.
 */
public enum DemoMode {

    /** No {@code async-task.demo.enabled}, and the database lives in this process. */
    ON_EMBEDDED_DATABASE(true),
    /** {@code async-task.demo.enabled=true}, whatever the database. */
    ON_BY_REQUEST(true),
    /** {@code async-task.demo.enabled=false}. */
    OFF_BY_REQUEST(false),
    /** No {@code async-task.demo.enabled}, and the database is a server. */
    OFF_DATABASE_NOT_EMBEDDED(false);

    public static final String PROPERTY = "async-task.demo.enabled";

    /** H2 in this process: in memory or in a file; not through its TCP or SSL server. */
    private static final Pattern EMBEDDED_H2 = Pattern.compile("^jdbc:h2:(?!tcp:|ssl:).*");

    private final boolean runs;

    DemoMode(boolean runs) {
        this.runs = runs;
    }

    public boolean runs() {
        return runs;
    }

    public static DemoMode of(Environment environment) {
        Boolean enabled = environment.getProperty(PROPERTY, Boolean.class);
        if (enabled != null) {
            return enabled ? ON_BY_REQUEST : OFF_BY_REQUEST;
        }
        return isEmbedded(environment.getProperty("spring.datasource.url")) ? ON_EMBEDDED_DATABASE : OFF_DATABASE_NOT_EMBEDDED;
    }

    /** No URL at all means Spring Boot's embedded database, which is H2 in this application. */
    static boolean isEmbedded(String jdbcUrl) {
        return jdbcUrl == null || jdbcUrl.isBlank() || EMBEDDED_H2.matcher(jdbcUrl.trim().toLowerCase(Locale.ROOT)).matches();
    }
}
