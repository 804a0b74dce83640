package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.benchmark.report.Result;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The {@code STATS k=v ...} lines of worker JVMs, summed over the workers. */
final class ChildStats {

    private final List<Map<String, Double>> children = new ArrayList<>();
    private final Map<String, Double> sums = new HashMap<>();

    ChildStats(List<String> statsLines) {
        for (String line : statsLines) {
            Map<String, Double> child = parse(line);
            children.add(child);
            child.forEach((key, value) -> sums.merge(key, value, Double::sum));
        }
    }

    /** The {@code k=v} pairs of a line whose values are numbers. */
    static Map<String, Double> parse(String line) {
        Map<String, Double> values = new HashMap<>();
        for (String pair : line.split("\\s+")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                values.put(pair.substring(0, eq), Double.parseDouble(pair.substring(eq + 1)));
            }
        }
        return values;
    }

    double sum(String key) {
        return sums.getOrDefault(key, 0.0);
    }

    /**
     * How the workers used the store: calls, rows per call and ms per call of claims and completions;
     * for claims also the rows asked for per call (the free slots at the time); then {@link #describeCost}.
     */
    Result describe(Result result) {
        for (String operation : List.of("claim", "complete")) {
            result.detail(operation + "_calls", sum(operation + "_calls"))
                    .detail(operation + "_batch", ratio(operation + "_rows", operation + "_calls"))
                    .detail(operation + "_ms", ratio(operation + "_total_ms", operation + "_calls"));
        }
        return describeCost(result.detail("claim_asked", ratio("claim_asked", "claim_calls")));
    }

    /**
     * What each executed task cost the engines: CPU time of their JVMs (JIT and GC included) and of
     * their engine threads alone; statements sent and commits that wrote (counted by the driver), with
     * SELECTs, writes and SETs apart; and a check that the server counted the same statements.
     */
    Result describeCost(Result result) {
        return result.detail("worker_cpu_us_per_task", ratio("cpu_us", "executions"))
                .detail("engine_cpu_us_per_task", ratio("engine_cpu_us", "executions"))
                .detail("statements_per_task", ratio("statements", "executions"))
                .detail("commits_per_task", ratio("write_commits", "executions"))
                .detail("selects_per_task", ratio("selects", "executions"))
                .detail("writes_per_task", ratio("writes", "executions"))
                .detail("sets_per_task", ratio("sets", "executions"))
                .check("statements_counted", children.stream().allMatch(
                        child -> child.getOrDefault("server_statements", -1.0).equals(child.get("statements"))));
    }

    /** e.g. rows per claim call: {@code ratio("claim_rows", "claim_calls")}. */
    double ratio(String numerator, String denominator) {
        double d = sum(denominator);
        return d == 0 ? 0 : sum(numerator) / d;
    }
}
