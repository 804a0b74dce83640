package com.tudicloud.asynctask.mybatis;

/** The lowest and highest task id; both null when the table is empty. */
public record IdRange(Long low, Long high) {
}
