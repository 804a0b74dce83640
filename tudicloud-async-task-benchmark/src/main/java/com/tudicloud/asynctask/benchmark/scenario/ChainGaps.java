package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.benchmark.report.Numbers;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The gaps of a drained chain, one per step after the first: from the finish of the step before it to its start, in
 * ms. {@code missing}: steps of which the start or the predecessor's finish was not recorded.
 */
record ChainGaps(List<Double> millis, int missing) {

    /** @param measured one gap per step after the first, null where it could not be measured */
    static ChainGaps of(List<Double> measured) {
        List<Double> known = measured.stream().filter(Objects::nonNull).toList();
        return new ChainGaps(known, measured.size() - known.size());
    }

    /** Steps that started before the step before them had finished. */
    long startedEarly() {
        return millis.stream().filter(gap -> gap < 0).count();
    }

    /** Whether every step after the first started after its predecessor finished, each gap measured. */
    boolean inOrder(int steps) {
        return missing == 0 && millis.size() == steps - 1 && startedEarly() == 0;
    }

    double percentile(double p) {
        return Numbers.percentile(millis, p);
    }

    double max() {
        return Numbers.max(millis);
    }

    /** A gap in ms as a multiple of the workers' poll interval. */
    static double inPollIntervals(double gapMillis, Duration pollInterval) {
        return gapMillis / pollInterval.toMillis();
    }
}
