package com.tudicloud.asynctask.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine's load averages, where the system tells them: the machine may be shared, so results say it. */
public final class LoadAverage {

    private static final Path LOADAVG = Path.of("/proc/loadavg");

    private LoadAverage() {
    }

    /** The 1, 5 and 15 minute averages, e.g. {@code 0.52/0.61/0.70}. */
    public static String all() {
        String[] parts = read();
        return parts == null ? "unknown" : parts[0] + "/" + parts[1] + "/" + parts[2];
    }

    /** The 1-minute average, or NaN. */
    public static double lastMinute() {
        String[] parts = read();
        return parts == null ? Double.NaN : Double.parseDouble(parts[0]);
    }

    private static String[] read() {
        try {
            return Files.readString(LOADAVG).trim().split("\\s+");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
