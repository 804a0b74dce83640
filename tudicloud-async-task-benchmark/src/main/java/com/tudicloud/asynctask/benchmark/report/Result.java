package com.tudicloud.asynctask.benchmark.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What one scenario variant measured, of this framework ({@value #TUDICLOUD}) or of a peer it is
 * compared with. Printed as one line,
 * {@code RESULT system=SYSTEM scenario=NAME run=R variant... figures... details... checks... note="..."}.
 * The variant (e.g. {@code workers=1 slots=16}) says what was run; headline figures also go into
 * the summary table; details only into the line; a failed check fails the benchmark.
 */
public final class Result {

    public static final String TUDICLOUD = "tudicloud";

    private final String system;
    private final String scenario;
    private final Map<String, String> variant = new LinkedHashMap<>();
    private final Map<String, Double> headline = new LinkedHashMap<>();
    private final Map<String, String> details = new LinkedHashMap<>();
    private final Map<String, Double> numericDetails = new LinkedHashMap<>();
    private final Map<String, Boolean> checks = new LinkedHashMap<>();
    private String note;

    private Result(String system, String scenario) {
        this.system = system;
        this.scenario = scenario;
    }

    public static Result of(String scenario) {
        return of(TUDICLOUD, scenario);
    }

    public static Result of(String system, String scenario) {
        return new Result(system, scenario);
    }

    public Result variant(String key, Object value) {
        variant.put(key, String.valueOf(value));
        return this;
    }

    public Result headline(String key, double value) {
        headline.put(key, value);
        return this;
    }

    public Result detail(String key, double value) {
        details.put(key, Numbers.format(value));
        numericDetails.put(key, value);
        return this;
    }

    public Result detail(String key, String value) {
        details.put(key, value.replaceAll("\\s+", "_"));
        return this;
    }

    public Result check(String key, boolean passed) {
        checks.put(key, passed);
        return this;
    }

    /** Words for the end of the line, e.g. why a peer did not run. */
    public Result note(String text) {
        note = text;
        return this;
    }

    public String system() {
        return system;
    }

    public String scenario() {
        return scenario;
    }

    public String variantText() {
        return variant.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    public Map<String, Double> headline() {
        return headline;
    }

    public Optional<Double> figure(String key) {
        return Optional.ofNullable(headline.get(key));
    }

    /** A headline figure or a numeric detail. */
    public Optional<Double> number(String key) {
        return figure(key).or(() -> Optional.ofNullable(numericDetails.get(key)));
    }

    public boolean passed() {
        return !checks.containsValue(false);
    }

    public String line(int run) {
        StringBuilder line = new StringBuilder("RESULT system=").append(system)
                .append(" scenario=").append(scenario).append(" run=").append(run);
        variant.forEach((k, v) -> line.append(' ').append(k).append('=').append(v));
        headline.forEach((k, v) -> line.append(' ').append(k).append('=').append(Numbers.format(v)));
        details.forEach((k, v) -> {
            if (!headline.containsKey(k)) {
                line.append(' ').append(k).append('=').append(v);
            }
        });
        checks.forEach((k, v) -> line.append(' ').append(k).append('=').append(v));
        if (note != null) {
            line.append(" note=\"").append(note).append('"');
        }
        return line.toString();
    }

    /** The headline figures of this variant over several runs, in run order. */
    static List<Double> across(List<Result> runs, String key) {
        return runs.stream().map(r -> r.headline.get(key)).toList();
    }
}
