package com.tudicloud.asynctask.api.spi;

/**
 * The outcome of one execution, fenced by the token of the claim that ran it.
 *
 * @param artifactId       for SUCCEEDED, or {@code null}
 * @param error            why it failed or is retried, or {@code null}
 * @param retryDelayMillis for RETRY: how long until it is due again
 */
public record Completion(long taskId, long leaseToken, Outcome outcome, String artifactId, String error,
                         long retryDelayMillis) {

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
        return new Completion(taskId, leaseToken, Outcome.SUCCEEDED, artifactId, null, 0);
    }

    public static Completion failed(long taskId, long leaseToken, String error) {
        return new Completion(taskId, leaseToken, Outcome.FAILED, null, error, 0);
    }

    public static Completion retry(long taskId, long leaseToken, String error, long retryDelayMillis) {
        return new Completion(taskId, leaseToken, Outcome.RETRY, null, error, retryDelayMillis);
    }

    public static Completion cancelled(long taskId, long leaseToken) {
        return new Completion(taskId, leaseToken, Outcome.CANCELLED, null, "cancelled by request", 0);
    }

    public static Completion released(long taskId, long leaseToken) {
        return new Completion(taskId, leaseToken, Outcome.RELEASED, null, "released by a stopping worker", 0);
    }
}
