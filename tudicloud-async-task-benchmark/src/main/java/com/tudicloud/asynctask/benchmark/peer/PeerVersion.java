package com.tudicloud.asynctask.benchmark.peer;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.Properties;

/** The version of a peer's jar: its Maven metadata's, else its manifest's. */
public final class PeerVersion {

    private PeerVersion() {
    }

    /** @param anchor a class of the jar; {@code groupId}/{@code artifactId} name its Maven metadata */
    public static String of(Class<?> anchor, String groupId, String artifactId) {
        String pomProperties = "/META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
        try (InputStream in = anchor.getResourceAsStream(pomProperties)) {
            if (in != null) {
                Properties properties = new Properties();
                properties.load(in);
                return properties.getProperty("version", "unknown");
            }
        } catch (IOException e) {
            // fall back to the manifest
        }
        return Optional.ofNullable(anchor.getPackage().getImplementationVersion()).orElse("unknown");
    }
}
