package com.tudicloud.asynctask.worker;

import java.util.List;

/** The worker settings contradict each other; start-up stops with every violation listed. */
public class InvalidWorkerSettingsException extends IllegalStateException {

    private final List<String> violations;

    public InvalidWorkerSettingsException(List<String> violations) {
        super("Invalid async-task worker settings:\n - " + String.join("\n - ", violations));
        this.violations = List.copyOf(violations);
    }

    public List<String> violations() {
        return violations;
    }
}
