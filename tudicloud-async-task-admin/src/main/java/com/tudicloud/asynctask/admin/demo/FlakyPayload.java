package com.tudicloud.asynctask.admin.demo;

/** The payload of {@code demo.flaky}: {@code {"failures": 2}}, the attempts that fail before one succeeds. */
public record FlakyPayload(int failures) {

    public FlakyPayload {
        if (failures < 0) {
            throw new IllegalArgumentException("failures must not be negative: " + failures);
        }
    }
}
