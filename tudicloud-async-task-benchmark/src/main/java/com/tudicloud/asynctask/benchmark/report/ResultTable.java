package com.tudicloud.asynctask.benchmark.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The summary: one row per headline figure of each system's scenario variant, with its value in
 * every run, the median of the runs, and the goal where there is one; then what each drained task
 * cost each system (medians).
 */
public final class ResultTable {

    /** The per-task figures of the cost table, as drain, peer and raw results carry them. */
    private static final List<String> COST_FIGURES = List.of("wall_tasks_per_s", "statements_per_task",
            "commits_per_task", "selects_per_task", "writes_per_task", "sets_per_task", "worker_cpu_us_per_task",
            "engine_cpu_us_per_task");

    private final int runs;
    private final Map<String, List<Result>> byVariant = new LinkedHashMap<>();

    public ResultTable(int runs) {
        this.runs = runs;
    }

    public void add(Result result) {
        byVariant.computeIfAbsent(result.system() + "|" + result.scenario() + "|" + result.variantText(),
                k -> new ArrayList<>()).add(result);
    }

    public void print(PrintStream out) {
        List<String> header = new ArrayList<>(List.of("system", "scenario", "variant", "figure"));
        for (int run = 1; run <= runs; run++) {
            header.add("run" + run);
        }
        header.addAll(List.of("median", "goal", "met"));
        List<List<String>> rows = new ArrayList<>();
        rows.add(header);
        byVariant.values().forEach(results -> results.get(0).headline().keySet()
                .forEach(figure -> rows.add(row(results, figure))));
        printAligned(out, rows);
    }

    /**
     * Per drained task, medians of the runs: what the engine sent (statements, commits that wrote,
     * and of the statements the SELECTs, writes and SETs) and the CPU it spent (its JVM's, its
     * engine threads'); {@code -} where a system does not report a figure.
     */
    public void printCost(PrintStream out) {
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("system", "scenario", "variant"));
        header.addAll(COST_FIGURES);
        rows.add(header);
        for (List<Result> results : byVariant.values()) {
            Result first = results.get(0);
            if (first.number("statements_per_task").isEmpty()) {
                continue;
            }
            List<String> row = new ArrayList<>(List.of(first.system(), first.scenario(), first.variantText()));
            for (String figure : COST_FIGURES) {
                List<Double> values = results.stream().flatMap(r -> r.number(figure).stream()).toList();
                row.add(values.isEmpty() ? "-" : Numbers.format(Numbers.median(values)));
            }
            rows.add(row);
        }
        if (rows.size() > 1) {
            printAligned(out, rows);
        }
    }

    private List<String> row(List<Result> results, String figure) {
        Result first = results.get(0);
        List<String> row = new ArrayList<>(List.of(first.system(), first.scenario(), first.variantText(), figure));
        List<Double> values = Result.across(results, figure);
        for (int run = 0; run < runs; run++) {
            row.add(run < values.size() ? Numbers.format(values.get(run)) : "-");
        }
        double median = Numbers.median(values);
        row.add(Numbers.format(median));
        Optional<Target> target = Target.GOALS.stream()
                .filter(t -> first.system().equals(Result.TUDICLOUD) && t.appliesTo(first.scenario(), first.variantText(), figure))
                .findFirst();
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
