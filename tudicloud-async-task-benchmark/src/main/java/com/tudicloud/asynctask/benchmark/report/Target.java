package com.tudicloud.asynctask.benchmark.report;

import java.util.List;

/** A goal for one headline figure of one scenario variant of this framework. */
public record Target(String scenario, String variant, String figure, boolean atLeast, double bound) {

    private static final String RATE_LIMITED = "workers=3 slots=16 rate_limit=100 rate_period_ms=10000";
    private static final String FAIR_BACKLOG = "workers=3 slots=16 backlog=key_a_fair backlog_tasks=100000";

    /**
     * The goals, for the full-size variants (the quick run's variants are smaller and match none):
     * three times db-scheduler's drain in the same run and 0.7 of the bare JDBC loop at its best
     * batch, at one worker of 16 slots and two of 8; an idle worker that sends at most one statement
     * a second; pickup from another JVM within 25 ms at p99; a heartbeat of 1,000 leases in two
     * statements and 25 ms; a rate limit of 100 per 10 s that no window exceeds and that three workers reach to
     * 0.9 while work waits; beside one key's backlog of 100,000 tasks of a fair type, the other keys' pickup p99 within
     * twice that on an empty queue and the backlog drained at 0.8 of an unkeyed drain's pace; a step of a chain that
     * starts within two poll intervals of the end of the step before it (p50); and the earlier goals for same-JVM
     * pickup, batch submit and scale.
     */
    public static final List<Target> GOALS = List.of(
            new Target("peer", "workers=1 slots=16", "ratio_db_scheduler", true, 3.0),
            new Target("peer", "workers=2 slots=8", "ratio_db_scheduler", true, 3.0),
            new Target("drain", "workers=1 slots=16", "best_raw_ratio", true, 0.7),
            new Target("drain", "workers=2 slots=8", "best_raw_ratio", true, 0.7),
            new Target("idle", "settings=default", "statements_per_s", false, 1),
            new Target("latency", "producer=other_jvm", "p50_ms", false, 25),
            new Target("latency", "producer=other_jvm", "p99_ms", false, 25),
            new Target("latency", "producer=same_jvm", "p50_ms", false, 10),
            new Target("submit", "mode=batch", "tasks_per_s", true, 20000),
            new Target("heartbeat", "leases=1000", "statements_per_round", false, 2),
            new Target("heartbeat", "leases=1000", "renew_ms_p50", false, 25),
            new Target("scale", "finished_rows=1000000", "claim_p50_ratio", false, 1.5),
            new Target("scale", "finished_rows=1000000 not_due_ahead=100000", "not_due_ratio", false, 1.5),
            new Target("rate-limit", RATE_LIMITED, "most_in_window", false, 100),
            new Target("rate-limit", RATE_LIMITED, "rate_ratio", true, 0.9),
            new Target("workflow", "workers=1 slots=8 tasks=chain steps=1000", "gap_p50_poll_intervals", false, 2),
            new Target("fairness", FAIR_BACKLOG, "pickup_p99_ratio", false, 2.0),
            new Target("fairness", FAIR_BACKLOG, "drain_ratio", true, 0.8));

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
