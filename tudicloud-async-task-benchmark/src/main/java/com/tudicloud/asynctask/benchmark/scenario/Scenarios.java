package com.tudicloud.asynctask.benchmark.scenario;

import java.util.List;

/**
 * Every scenario, in the order a run takes them: raw before drain, which compares itself to it. The
 * {@code peer} scenario runs the engine's drains itself, each paired with the peers': with
 * {@code peer} selected, {@code drain} does not run again on its own.
 */
public final class Scenarios {

    public static final List<Scenario> ALL = List.of(new RawScenario(), new DrainScenario(), new PeerScenario(),
            new LatencyScenario(), new SubmitScenario(), new HeartbeatScenario(), new IdleScenario(), new ScaleScenario(),
            new EventsScenario(), new ObservationsScenario(), new OperatorScenario(),
            new WorkflowScenario(), new KeyedLimitScenario(), new RateLimitScenario(), new FairnessScenario());

    private Scenarios() {
    }

    public static List<Scenario> named(List<String> names) {
        List<Scenario> selected = ALL.stream().filter(s -> names.contains(s.name())).toList();
        if (selected.size() != names.size()) {
            throw new IllegalArgumentException("unknown scenario in " + names + "; known: "
                    + ALL.stream().map(Scenario::name).toList());
        }
        return selected.stream().filter(s -> !(s instanceof DrainScenario && names.contains("peer"))).toList();
    }

    public static List<String> names() {
        return ALL.stream().map(Scenario::name).toList();
    }

    /** Whether a scenario of the list needs the peers' database. */
    public static boolean needPeer(List<Scenario> scenarios) {
        return scenarios.stream().anyMatch(PeerScenario.class::isInstance);
    }
}
