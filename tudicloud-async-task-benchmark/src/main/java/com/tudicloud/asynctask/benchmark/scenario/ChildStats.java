package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.benchmark.report.Result;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The {@code STATS k=v ...} lines of worker JVMs, summed over the workers. */
final class ChildStats {

    private final Map<String, Double> sums = new HashMap<>();

    ChildStats(List<String> statsLines) {
        for (String line : statsLines) {
            for (String pair : line.split("\\s+")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    sums.merge(pair.substring(0, eq), Double.parseDouble(pair.substring(eq + 1)), Double::sum);
                }
            }
        }
    }

    double sum(String key) {
        return sums.getOrDefault(key, 0.0);
    }

    /**
     * How the workers used the store: calls, rows per call and ms per call of claims and completions;
     * for claims also the rows asked for per call (the free slots at the time); CPU time per task
     * executed, of the worker JVMs (JIT and GC included) and of their engine threads alone.
     */
    Result describe(Result result) {
        for (String operation : List.of("claim", "complete")) {
            result.detail(operation + "_calls", sum(operation + "_calls"))
                    .detail(operation + "_batch", ratio(operation + "_rows", operation + "_calls"))
                    .detail(operation + "_ms", ratio(operation + "_total_ms", operation + "_calls"));
        }
        return result.detail("claim_asked", ratio("claim_asked", "claim_calls"))
                .detail("worker_cpu_us_per_task", 1000 * ratio("cpu_ms", "executions"))
                .detail("engine_cpu_us_per_task", 1000 * ratio("engine_cpu_ms", "executions"));
    }

    /** e.g. rows per claim call: {@code ratio("claim_rows", "claim_calls")}. */
    double ratio(String numerator, String denominator) {
        double d = sum(denominator);
        return d == 0 ? 0 : sum(numerator) / d;
    }
}
