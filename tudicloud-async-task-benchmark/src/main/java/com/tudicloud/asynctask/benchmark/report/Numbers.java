package com.tudicloud.asynctask.benchmark.report;

import java.util.List;
import java.util.Locale;

/** Formatting and order statistics of measured values. */
public final class Numbers {

    private Numbers() {
    }

    /**
     * Whole numbers without decimals, large ones rounded, others with two decimals, and those under
     * 0.1 (statements or commits per task) with four.
     */
    public static String format(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        double magnitude = Math.abs(value);
        return String.format(Locale.ROOT, magnitude >= 100 ? "%.0f" : magnitude >= 0.1 ? "%.2f" : "%.4f", value);
    }

    /** The nearest-rank percentile ({@code p} from 0 to 100) of unsorted values. */
    public static double percentile(List<Double> values, double p) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = values.stream().sorted().toList();
        int rank = (int) Math.ceil(p / 100.0 * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }

    public static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    public static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    public static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }
}
