package com.tudicloud.asynctask.api.spi;

/** The columns a task listing may be sorted by; ties are broken by id in the same direction. */
public enum TaskSort {
    CREATE_TIME,
    UPDATE_TIME,
    PRIORITY,
    STATUS
}
