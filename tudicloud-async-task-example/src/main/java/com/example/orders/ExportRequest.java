package com.example.orders;

/** The payload of a report.export task, stored as JSON with the task. */
public record ExportRequest(long orderId, int pages) {
}
