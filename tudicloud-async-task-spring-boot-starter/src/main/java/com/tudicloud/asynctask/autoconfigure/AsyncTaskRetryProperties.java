package com.tudicloud.asynctask.autoconfigure;

import java.time.Duration;

/** Backoff between attempts of a task whose handler threw: initial x multiplier^(attempt-1), capped, with jitter. */
public class AsyncTaskRetryProperties {

    /** Delay before the second attempt. */
    private Duration initialBackoff = Duration.ofSeconds(1);

    /** Growth of the delay from one attempt to the next. */
    private double multiplier = 2.0;

    /** The delay never exceeds this. */
    private Duration maxBackoff = Duration.ofMinutes(5);

    /** Random spread of each delay, as a fraction (0.2 = plus or minus 20%). */
    private double jitter = 0.2;

    public Duration getInitialBackoff() {
        return initialBackoff;
    }

    public void setInitialBackoff(Duration initialBackoff) {
        this.initialBackoff = initialBackoff;
    }

    public double getMultiplier() {
        return multiplier;
    }

    public void setMultiplier(double multiplier) {
        this.multiplier = multiplier;
    }

    public Duration getMaxBackoff() {
        return maxBackoff;
    }

    public void setMaxBackoff(Duration maxBackoff) {
        this.maxBackoff = maxBackoff;
    }

    public double getJitter() {
        return jitter;
    }

    public void setJitter(double jitter) {
        this.jitter = jitter;
    }
}
