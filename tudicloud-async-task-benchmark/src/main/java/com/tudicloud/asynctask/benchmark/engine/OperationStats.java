package com.tudicloud.asynctask.benchmark.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Calls of one store operation: how many, rows asked for and handled, and each call's duration. */
public final class OperationStats {

    private final List<Long> nanos = new ArrayList<>();
    private long requested;
    private long rows;

    synchronized void record(int requestedRows, int handledRows, long durationNanos) {
        requested += requestedRows;
        rows += handledRows;
        nanos.add(durationNanos);
    }

    synchronized void reset() {
        nanos.clear();
        requested = 0;
        rows = 0;
    }

    public synchronized int calls() {
        return nanos.size();
    }

    /** Durations in ms of the calls from {@code from} (inclusive) to {@code to} (exclusive). */
    public synchronized List<Double> millis(int from, int to) {
        return nanos.subList(from, to).stream().map(n -> n / 1e6).toList();
    }

    /** e.g. {@code claim_calls=1250 claim_rows=20000 claim_asked=20000 claim_ms=1.92}: ms is the mean per call. */
    public synchronized String summary(String prefix) {
        double totalMillis = nanos.stream().mapToLong(Long::longValue).sum() / 1e6;
        return String.format(Locale.ROOT, "%1$s_calls=%2$d %1$s_rows=%3$d %1$s_asked=%4$d %1$s_ms=%5$.3f %1$s_total_ms=%6$.0f",
                prefix, nanos.size(), rows, requested, nanos.isEmpty() ? 0 : totalMillis / nanos.size(), totalMillis);
    }
}
