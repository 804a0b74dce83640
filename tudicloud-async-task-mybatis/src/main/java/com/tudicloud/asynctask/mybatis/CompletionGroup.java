package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.Completion.Outcome;

import java.util.List;
import java.util.Objects;

/** A group of outcomes as the markCompleted statement reads it: the task ids of each kind of outcome. */
public final class CompletionGroup {

    /**
     * A retry as the statements take it: its delay (in microseconds for the task, in milliseconds for its
     * event), and the status it waits in when an attempt is left (SCHEDULED until a delay has passed, out of
     * the claim's walk; QUEUED without one).
     */
    public record Retry(long taskId, long retryDelayMillis, long retryDelayMicros, String waitingStatus) {

        static Retry of(Completion retry) {
            TaskStatus waiting = retry.retryDelayMillis() > 0 ? TaskStatus.SCHEDULED : TaskStatus.QUEUED;
            return new Retry(retry.taskId(), retry.retryDelayMillis(), DatabaseDurations.micros(retry.retryDelayMillis()),
                    waiting.name());
        }
    }

    /**
     * The progress a handler reported last, written with its outcome. An object of its own, not the outcome:
     * a statement rendered once per shape finds each value again by the list that holds it.
     */
    public record Reported(long taskId, int progress, String progressMessage) {

        static Reported of(Completion completion) {
            return new Reported(completion.taskId(), completion.progress(), completion.progressMessage());
        }
    }

    private final List<Long> succeeded;
    private final List<Long> failed;
    private final List<Long> cancelled;
    private final List<Long> released;
    private final List<Long> retriedIds;
    private final List<Retry> retried;
    private final List<Completion> notSucceeded;
    private final List<Completion> withArtifacts;
    private final List<Reported> reported;
    private final List<Long> batchIds;
    private final List<Completion> parents;
    private final boolean hasDependents;

    CompletionGroup(List<Completion> completions) {
        succeeded = ids(completions, Outcome.SUCCEEDED);
        failed = ids(completions, Outcome.FAILED);
        cancelled = ids(completions, Outcome.CANCELLED);
        released = ids(completions, Outcome.RELEASED);
        retriedIds = ids(completions, Outcome.RETRY);
        retried = completions.stream().filter(c -> c.outcome() == Outcome.RETRY)
                .map(Retry::of).toList();
        notSucceeded = completions.stream().filter(c -> c.outcome() != Outcome.SUCCEEDED).toList();
        withArtifacts = completions.stream()
                .filter(c -> c.outcome() == Outcome.SUCCEEDED && c.artifactId() != null).toList();
        reported = completions.stream().filter(c -> c.progress() != null).map(Reported::of).toList();
        batchIds = completions.stream().map(Completion::batchId).filter(Objects::nonNull).distinct().toList();
        parents = completions.stream().filter(c -> !c.children().isEmpty()).toList();
        hasDependents = completions.stream().anyMatch(Completion::hasDependents);
    }

    /**
     * Whether some task of the group had dependents when it was claimed: the group is written in a transaction
     * that counts down the dependents of every task it ended.
     */
    boolean hasDependents() {
        return hasDependents;
    }

    /** The write must leave a task that has gained a dependent since its claim (see {@link #hasDependents()}). */
    public boolean isNoDependents() {
        return !hasDependents;
    }

    /** Whether some outcome carries children: they are inserted in the transaction of its write. */
    boolean hasChildren() {
        return !parents.isEmpty();
    }

    /** The outcomes that carry children. */
    List<Completion> getParents() {
        return parents;
    }

    /** Whether some outcome is of a child of a batch: its write then looks whether it ended the batch. */
    boolean hasBatchChildren() {
        return !batchIds.isEmpty();
    }

    /** The batches of the group's children, each once. */
    List<Long> getBatchIds() {
        return batchIds;
    }

    /** Only successes: the short statement does. */
    boolean allSucceeded() {
        return notSucceeded.isEmpty();
    }

    boolean anyArtifact() {
        return !withArtifacts.isEmpty();
    }

    public List<Long> getSucceeded() {
        return succeeded;
    }

    public List<Long> getFailed() {
        return failed;
    }

    public List<Long> getCancelled() {
        return cancelled;
    }

    public List<Long> getReleased() {
        return released;
    }

    public List<Retry> getRetried() {
        return retried;
    }

    public List<Long> getRetriedIds() {
        return retriedIds;
    }

    public List<Completion> getNotSucceeded() {
        return notSucceeded;
    }

    public List<Completion> getWithArtifacts() {
        return withArtifacts;
    }

    /** The outcomes whose handler reported progress: it is written with them. */
    public List<Reported> getReported() {
        return reported;
    }

    private static List<Long> ids(List<Completion> completions, Outcome outcome) {
        return completions.stream().filter(c -> c.outcome() == outcome).map(Completion::taskId).toList();
    }
}
