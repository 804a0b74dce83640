package com.tudicloud.asynctask.admin.demo;

/** The payload of {@code demo.import}: {@code {"rows": 100}}. */
public record ImportPayload(int rows) {

    public ImportPayload {
        if (rows < 0) {
            throw new IllegalArgumentException("rows must not be negative: " + rows);
        }
    }
}
