package com.tudicloud.asynctask.benchmark.report;

import java.util.List;

/** A goal of issue 5 for one headline figure of one scenario variant. */
public record Target(String scenario, String variant, String figure, boolean atLeast, double bound) {

    /** The targets, for the full-size variants (the quick run's variants are smaller and match none). */
    public static final List<Target> ISSUE_5 = List.of(
            new Target("drain", "workers=1 slots=16", "tasks_per_s", true, 8000),
            new Target("drain", "workers=1 slots=16", "raw_ratio", true, 0.5),
            new Target("latency", "producer=other_jvm", "p50_ms", false, 25),
            new Target("latency", "producer=other_jvm", "p99_ms", false, 110),
            new Target("latency", "producer=same_jvm", "p50_ms", false, 10),
            new Target("submit", "mode=batch", "tasks_per_s", true, 20000),
            new Target("heartbeat", "leases=1000", "statements_per_round", false, 2),
            new Target("heartbeat", "leases=1000", "renew_ms_p50", false, 50),
            new Target("scale", "finished_rows=1000000", "claim_p50_ratio", false, 1.5),
            new Target("scale", "finished_rows=1000000 not_due_ahead=100000", "not_due_ratio", false, 1.5));

    public boolean appliesTo(String scenario, String variant, String figure) {
        return this.scenario.equals(scenario) && this.variant.equals(variant) && this.figure.equals(figure);
    }

    public boolean metBy(double value) {
        return atLeast ? value >= bound : value <= bound;
    }

    public String text() {
        return (atLeast ? ">= " : "<= ") + Numbers.format(bound);
    }
}
