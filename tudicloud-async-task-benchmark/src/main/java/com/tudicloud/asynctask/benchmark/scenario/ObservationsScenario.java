package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.benchmark.Args;
import com.tudicloud.asynctask.benchmark.engine.BenchEngine;
import com.tudicloud.asynctask.benchmark.engine.BenchTracing;
import com.tudicloud.asynctask.benchmark.report.Result;

import java.util.List;

/**
 * {@code observations}: what observing costs a drain. The first drain shape runs three times in one run:
 * untraced (no observation registry, so {@code ObservationRegistry.NOOP}), traced, untraced again. Traced, every
 * worker has a real tracer ({@link BenchTracing}: each execution a span continuing its submit's, each claim,
 * renewal and completion batch a span of its own) and the tasks are submitted by a traced client, so that every
 * row carries a trace context. The traced drain reports its tasks/s as a ratio to the mean of the two untraced
 * ones around it. Checks: untraced, no row has a trace context and no span ends; traced, every row has one (the
 * feed submits in batches, one submit span each) and at least one span ends per task on the workers.
 */
final class ObservationsScenario implements Scenario {

    private final DrainScenario drain = new DrainScenario();

    @Override
    public String name() {
        return "observations";
    }

    @Override
    public List<Result> run(BenchContext context) throws Exception {
        Sizes.DrainShape shape = context.sizes().drain().shapes().get(0);
        int tasks = context.sizes().drain().tasks();
        Result before = untraced(context, shape, "untraced");
        BenchTracing submitTracing = new BenchTracing();
        Result traced = drain.drain(context, name(), shape.workers(), shape.slots(), Args.of("traced", true),
                        new BenchEngine(context.db().pool()).client(submitTracing.registry()))
                .variant("observations", "traced");
        Result after = untraced(context, shape, "untraced-again");
        double untracedMean = (tasksPerSecond(before) + tasksPerSecond(after)) / 2;
        traced.headline("ratio_to_untraced", tasksPerSecond(traced) / untracedMean)
                .check("trace_context_stored", traced.number("traced_rows").orElse(-1.0) == tasks
                        && submitTracing.exportedSpans() > 0)
                .check("spans_ended", traced.number("spans_per_task").orElse(0.0) >= 1);
        return List.of(before, traced, after);
    }

    private Result untraced(BenchContext context, Sizes.DrainShape shape, String variant) throws Exception {
        Result result = drain.drain(context, name(), shape.workers(), shape.slots(), Args.of("traced", false),
                new BenchEngine(context.db().pool()).client()).variant("observations", variant);
        return result.check("nothing_recorded", result.number("traced_rows").orElse(-1.0) == 0
                && result.number("spans_per_task").orElse(-1.0) == 0);
    }

    private static double tasksPerSecond(Result result) {
        return result.number("tasks_per_s").orElseThrow();
    }
}
