package com.tudicloud.asynctask.api.spi;

import java.util.List;

/**
 * The outcome of one execution, fenced by the token of the claim that ran it.
 *
 * @param artifactId       for SUCCEEDED, or {@code null}
 * @param error            why it failed or is retried, or {@code null}
 * @param retryDelayMillis for RETRY: how long until it is due again
 * @param progress         the progress its handler reported last (0..100), written with the outcome
 *                         (SUCCEEDED writes 100), or {@code null} when it reported none
 * @param progressMessage  the message of that report
 * @param batchId          the batch the task is a child of, or {@code null}: a write that ends a child looks
 *                         whether it ended its batch, and only then
 * @param children         the tasks its handler submitted, inserted in the transaction of this outcome and only if
 *                         the outcome is written under its token; only a SUCCEEDED outcome carries any (a retry
 *                         submits its own again, a failure's are discarded); none carries a dedup key
 * @param hasDependents    whether tasks waited for it when it was claimed: its write then counts them down. A write
 *                         of one claimed without is refused when a dependent has been submitted since, and the store
 *                         writes it again as one with
 */
public record Completion(long taskId, long leaseToken, Outcome outcome, String artifactId, String error,
                         long retryDelayMillis, Integer progress, String progressMessage, Long batchId,
                         List<NewTask> children, boolean hasDependents) {

    public Completion {
        children = children == null ? List.of() : List.copyOf(children);
        if (!children.isEmpty() && outcome != Outcome.SUCCEEDED) {
            throw new IllegalArgumentException("only a SUCCEEDED outcome inserts children, not " + outcome);
        }
    }

    public Completion(long taskId, long leaseToken, Outcome outcome, String artifactId, String error,
                      long retryDelayMillis, Integer progress, String progressMessage) {
        this(taskId, leaseToken, outcome, artifactId, error, retryDelayMillis, progress, progressMessage, null, List.of(),
                false);
    }

    public enum Outcome {
        /** SUCCESS, even if a cancel was requested meanwhile: the work was done. */
        SUCCEEDED,
        /** FAILED for good (CANCELLED if a cancel was requested). */
        FAILED,
        /** Waiting again (SCHEDULED for the delay, QUEUED without one), counting an attempt (CANCELLED if a cancel was requested). */
        RETRY,
        /** CANCELLED: the handler stopped on a cancel request. */
        CANCELLED,
        /** QUEUED again at once, the attempt not counted: the worker stopped before the handler did. */
        RELEASED
    }

    public static Completion succeeded(long taskId, long leaseToken, String artifactId) {
        return new Completion(taskId, leaseToken, Outcome.SUCCEEDED, artifactId, null, 0, null, null);
    }

    public static Completion failed(long taskId, long leaseToken, String error) {
        return new Completion(taskId, leaseToken, Outcome.FAILED, null, error, 0, null, null);
    }

    public static Completion retry(long taskId, long leaseToken, String error, long retryDelayMillis) {
        return new Completion(taskId, leaseToken, Outcome.RETRY, null, error, retryDelayMillis, null, null);
    }

    public static Completion cancelled(long taskId, long leaseToken) {
        return new Completion(taskId, leaseToken, Outcome.CANCELLED, null, "cancelled by request", 0, null, null);
    }

    public static Completion released(long taskId, long leaseToken) {
        return new Completion(taskId, leaseToken, Outcome.RELEASED, null, "released by a stopping worker", 0, null, null);
    }

    /** The same outcome, with the progress its handler reported last. */
    public Completion withProgress(Integer percent, String message) {
        return new Completion(taskId, leaseToken, outcome, artifactId, error, retryDelayMillis, percent, message,
                batchId, children, hasDependents);
    }

    /** The same outcome, of a child of this batch (or of none, for {@code null}). */
    public Completion inBatch(Long batch) {
        return new Completion(taskId, leaseToken, outcome, artifactId, error, retryDelayMillis, progress,
                progressMessage, batch, children, hasDependents);
    }

    /** The same outcome, of a task that tasks wait for (see {@link #hasDependents()}). */
    public Completion withDependents(boolean dependents) {
        return new Completion(taskId, leaseToken, outcome, artifactId, error, retryDelayMillis, progress,
                progressMessage, batchId, children, dependents);
    }

    /** The same outcome, with the children its handler submitted (see {@link #children()}). */
    public Completion withChildren(List<NewTask> submitted) {
        return new Completion(taskId, leaseToken, outcome, artifactId, error, retryDelayMillis, progress,
                progressMessage, batchId, submitted, hasDependents);
    }
}
