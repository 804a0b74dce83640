package com.tudicloud.asynctask.client;

import java.util.Set;

/** Told, after the submitting transaction commits, which task types just got due work in this JVM. */
@FunctionalInterface
public interface TaskSubmissionListener {

    void tasksSubmitted(Set<String> dueTaskTypes);
}
