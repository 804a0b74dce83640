package com.tudicloud.asynctask.admin.demo;

/** The payload of {@code demo.export}: {@code {"rows": 500}}. */
public record ExportPayload(int rows) {

    public ExportPayload {
        if (rows < 0) {
            throw new IllegalArgumentException("rows must not be negative: " + rows);
        }
    }
}
