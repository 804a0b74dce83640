package com.tudicloud.asynctask.test;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TaskView;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.TaskEvent;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Fluent assertions on one task, each on the task as it is when it is checked; a failed one throws an
 * {@link AssertionError} that says what the task is instead. Plain Java: they need no assertion library, and
 * read like AssertJ's beside it.
 */
public final class TaskAssert {

    /** How many of a task's latest events {@link #hasHistory} reads. */
    static final int HISTORY_LIMIT = 1_000;

    private final long taskId;
    private final Reader reader;

    TaskAssert(long taskId, Reader reader) {
        this.taskId = taskId;
        this.reader = reader;
    }

    /** Where the assertions read a task and its events. */
    record Reader(AsyncTaskClient client, TaskAdminStore admin) {
    }

    /** The task as it is now, for checks of one's own. */
    public TaskView task() {
        return reader.client().get(taskId).orElseThrow(() -> new AssertionError(
                "Expected task " + taskId + " to exist, but there is no task " + taskId));
    }

    public TaskAssert exists() {
        task();
        return this;
    }

    public TaskAssert hasStatus(TaskStatus expected) {
        TaskView task = task();
        if (task.status() != expected) {
            throw failure(task, "to be " + expected, "it is " + state(task));
        }
        return this;
    }

    /** SUCCESS, with {@code result} as the text of its {@code TaskResult.success} (its artifact id). */
    public TaskAssert succeededWith(String result) {
        TaskView task = task();
        String expectation = "to have succeeded with " + quoted(result);
        if (task.status() != TaskStatus.SUCCESS) {
            throw failure(task, expectation, "it is " + state(task));
        }
        if (!Objects.equals(task.artifactId(), result)) {
            throw failure(task, expectation, "it succeeded with " + quoted(task.artifactId()));
        }
        return this;
    }

    /** FAILED, with an error (the exception or the reason it failed with) that contains {@code text}. */
    public TaskAssert failedWithErrorContaining(String text) {
        Objects.requireNonNull(text, "text");
        TaskView task = task();
        String expectation = "to have failed with an error containing " + quoted(text);
        if (task.status() != TaskStatus.FAILED) {
            throw failure(task, expectation, "it is " + state(task));
        }
        if (task.lastError() == null || !task.lastError().contains(text)) {
            throw failure(task, expectation, "its error is " + quoted(task.lastError()));
        }
        return this;
    }

    /** Attempts started so far (an attempt a stopping worker handed back is not counted). */
    public TaskAssert hasAttempts(int attempts) {
        TaskView task = task();
        if (task.attemptCount() != attempts) {
            throw failure(task, "to have had " + attempts + " attempt(s)",
                    "it had " + task.attemptCount() + " (" + state(task) + ")");
        }
        return this;
    }

    /** The percentage the handler last reported. */
    public TaskAssert hasProgress(int percent) {
        TaskView task = task();
        if (task.progress() == null || task.progress() != percent) {
            throw failure(task, "to have progress " + percent, progress(task));
        }
        return this;
    }

    /** The percentage and the message the handler last reported. */
    public TaskAssert hasProgress(int percent, String message) {
        TaskView task = task();
        if (task.progress() == null || task.progress() != percent || !Objects.equals(task.progressMessage(), message)) {
            throw failure(task, "to have progress " + percent + " " + quoted(message), progress(task));
        }
        return this;
    }

    /**
     * The statuses the task's events moved it to, oldest first: e.g. {@code RUNNING, SCHEDULED, RUNNING, SUCCESS}
     * for a success at the second attempt. The status a task is submitted in is no event of its own.
     */
    public TaskAssert hasHistory(TaskStatus... statuses) {
        TaskView task = task();
        List<TaskEvent> events = reader.admin().events(taskId, HISTORY_LIMIT);
        List<TaskStatus> expected = Arrays.asList(statuses);
        if (!events.stream().map(TaskEvent::status).toList().equals(expected)) {
            throw failure(task, "to have the history " + expected, "its events are " + describe(events));
        }
        return this;
    }

    private AssertionError failure(TaskView task, String expectation, String actual) {
        return new AssertionError("Expected task " + taskId + " (" + task.taskType() + ") " + expectation
                + ", but " + actual);
    }

    /** The status, with the attempts and the error when the task has one. */
    private static String state(TaskView task) {
        String attempts = " (attempt " + task.attemptCount() + " of " + task.maxAttempts() + ")";
        return task.lastError() == null ? task.status() + attempts
                : task.status() + attempts + " with the error " + quoted(task.lastError());
    }

    private static String progress(TaskView task) {
        return task.progress() == null ? "it reported none"
                : "it reported " + task.progress() + " " + quoted(task.progressMessage());
    }

    private static String describe(List<TaskEvent> events) {
        if (events.isEmpty()) {
            return "none";
        }
        return events.stream().map(event -> event.type() + " -> " + event.status())
                .collect(Collectors.joining(", ", "[", "]"));
    }

    private static String quoted(String text) {
        return text == null ? "nothing" : "\"" + text + "\"";
    }
}
