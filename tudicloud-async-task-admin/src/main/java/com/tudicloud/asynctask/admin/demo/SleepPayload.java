package com.tudicloud.asynctask.admin.demo;

/** The payload of {@code demo.sleep}: {@code {"ms": 3000}}. */
public record SleepPayload(long ms) {

    public SleepPayload {
        if (ms < 0) {
            throw new IllegalArgumentException("ms must not be negative: " + ms);
        }
    }
}
