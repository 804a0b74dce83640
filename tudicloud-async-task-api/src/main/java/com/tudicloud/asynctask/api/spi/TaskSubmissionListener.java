package com.tudicloud.asynctask.api.spi;

import java.util.Set;

/** Told, after the submitting transaction commits, which task types just got due work in this JVM. */
@FunctionalInterface
public interface TaskSubmissionListener {

    void tasksSubmitted(Set<String> dueTaskTypes);
}
