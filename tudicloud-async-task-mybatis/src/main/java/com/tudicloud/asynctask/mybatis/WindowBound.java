package com.tudicloud.asynctask.mybatis;

/** Where a rate-limited type's window begins: at the database's now plus {@code startOffsetMicros}, minus its period. */
public record WindowBound(String taskType, long startOffsetMicros) {
}
