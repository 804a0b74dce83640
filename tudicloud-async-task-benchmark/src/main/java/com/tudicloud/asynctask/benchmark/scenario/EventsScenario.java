package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.api.spi.TaskEventMode;
import com.tudicloud.asynctask.benchmark.report.Result;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code events}: what the task events cost a drain. The first drain shape runs once per event mode, its
 * workers recording nothing ({@code OFF}), failures only ({@code FAILURES_ONLY}: nothing either, since
 * every task succeeds), or every change ({@code FULL}: a claim and a success per task), and reports the
 * drain's tasks/s and statements and commits per task for each. Checks that each mode wrote the events it
 * should: two per task in FULL, none otherwise.
 */
final class EventsScenario implements Scenario {

    private final DrainScenario drain = new DrainScenario();

    @Override
    public String name() {
        return "events";
    }

    @Override
    public List<Result> run(BenchContext context) throws Exception {
        Sizes.DrainShape shape = context.sizes().drain().shapes().get(0);
        List<Result> results = new ArrayList<>();
        for (TaskEventMode mode : List.of(TaskEventMode.OFF, TaskEventMode.FAILURES_ONLY, TaskEventMode.FULL)) {
            Result result = drain.drain(context, name(), shape.workers(), shape.slots(), mode).variant("mode", mode.name());
            double expected = mode == TaskEventMode.FULL ? 2 : 0;
            results.add(result.check("events_recorded", result.number("events_per_task").orElse(-1.0) == expected));
        }
        return results;
    }
}
