package com.tudicloud.asynctask.benchmark.peer;

import com.github.kagkarlsson.scheduler.Scheduler;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The db-scheduler version on the class path, as its jar's Maven metadata says. */
public final class PeerVersion {

    private static final String POM_PROPERTIES = "/META-INF/maven/com.github.kagkarlsson/db-scheduler/pom.properties";

    private PeerVersion() {
    }

    public static String get() {
        try (InputStream in = Scheduler.class.getResourceAsStream(POM_PROPERTIES)) {
            if (in == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
