package com.tudicloud.asynctask.benchmark.scenario;

import java.util.List;

/** Every scenario, in the order a run takes them: raw before drain, which compares itself to it. */
public final class Scenarios {

    public static final List<Scenario> ALL = List.of(new RawScenario(), new DrainScenario(), new LatencyScenario(),
            new SubmitScenario(), new HeartbeatScenario(), new ScaleScenario());

    private Scenarios() {
    }

    public static List<Scenario> named(List<String> names) {
        List<Scenario> selected = ALL.stream().filter(s -> names.contains(s.name())).toList();
        if (selected.size() != names.size()) {
            throw new IllegalArgumentException("unknown scenario in " + names + "; known: "
                    + ALL.stream().map(Scenario::name).toList());
        }
        return selected;
    }

    public static List<String> names() {
        return ALL.stream().map(Scenario::name).toList();
    }
}
