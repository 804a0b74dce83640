package com.tudicloud.asynctask.api.spi;

/** The lowest and the highest task id, both included. */
public record IdSpan(long low, long high) {

    public IdSpan {
        if (high < low) {
            throw new IllegalArgumentException("high " + high + " is below low " + low);
        }
    }
}
