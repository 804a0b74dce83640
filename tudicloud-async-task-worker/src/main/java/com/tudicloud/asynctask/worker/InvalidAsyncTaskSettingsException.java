package com.tudicloud.asynctask.worker;

import java.util.List;

/** Some async-task settings are out of range or contradict each other; start-up stops with every violation listed. */
public class InvalidAsyncTaskSettingsException extends IllegalStateException {

    private final List<String> violations;

    public InvalidAsyncTaskSettingsException(List<String> violations) {
        super("Invalid async-task settings:\n - " + String.join("\n - ", violations));
        this.violations = List.copyOf(violations);
    }

    public List<String> violations() {
        return violations;
    }
}
