package com.tudicloud.asynctask.benchmark.report;

import java.util.ArrayList;
import java.util.List;

/** Why something failed, in one line: each exception of the chain with its message. */
public final class Reasons {

    private Reasons() {
    }

    /** e.g. {@code IllegalStateException: could not open pool peer; caused by SQLException: Access denied} */
    public static String of(Throwable failure) {
        List<String> parts = new ArrayList<>();
        for (Throwable t = failure; t != null && parts.size() < 5; t = t.getCause() == t ? null : t.getCause()) {
            parts.add(t.getClass().getSimpleName() + ": " + t.getMessage());
        }
        return String.join("; caused by ", parts).replaceAll("\\s+", " ");
    }
}
