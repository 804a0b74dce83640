package com.tudicloud.asynctask.benchmark.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The summary: one row per headline figure of each scenario variant, with its value in every run,
 * the median of the runs, and the issue's target where there is one.
 */
public final class ResultTable {

    private final int runs;
    private final Map<String, List<Result>> byVariant = new LinkedHashMap<>();

    public ResultTable(int runs) {
        this.runs = runs;
    }

    public void add(Result result) {
        byVariant.computeIfAbsent(result.scenario() + "|" + result.variantText(), k -> new ArrayList<>()).add(result);
    }

    public void print(PrintStream out) {
        List<String> header = new ArrayList<>(List.of("scenario", "variant", "figure"));
        for (int run = 1; run <= runs; run++) {
            header.add("run" + run);
        }
        header.addAll(List.of("median", "target", "met"));
        List<List<String>> rows = new ArrayList<>();
        rows.add(header);
        byVariant.values().forEach(results -> results.get(0).headline().keySet()
                .forEach(figure -> rows.add(row(results, figure))));
        printAligned(out, rows);
    }

    private List<String> row(List<Result> results, String figure) {
        Result first = results.get(0);
        List<String> row = new ArrayList<>(List.of(first.scenario(), first.variantText(), figure));
        List<Double> values = Result.across(results, figure);
        for (int run = 0; run < runs; run++) {
            row.add(run < values.size() ? Numbers.format(values.get(run)) : "-");
        }
        double median = Numbers.median(values);
        row.add(Numbers.format(median));
        Optional<Target> target = Target.ISSUE_5.stream()
                .filter(t -> t.appliesTo(first.scenario(), first.variantText(), figure)).findFirst();
        row.add(target.map(Target::text).orElse(""));
        row.add(target.map(t -> t.metBy(median) ? "yes" : "NO").orElse(""));
        return row;
    }

    private static void printAligned(PrintStream out, List<List<String>> rows) {
        int columns = rows.get(0).size();
        int[] widths = new int[columns];
        rows.forEach(row -> {
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        });
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                line.append(String.format("%-" + (widths[c] + 2) + "s", row.get(c)));
            }
            out.println(line.toString().stripTrailing());
        }
    }
}
