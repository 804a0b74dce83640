package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.worker.AsyncTaskProperties.TimeoutAction;
import com.tudicloud.asynctask.worker.PayloadCodec.MalformedPayloadException;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Optional;

/**
 * Decides what to write for an execution that ended, from what the handler returned or threw and
 * why the worker stopped it, if it did. The database still has the last word: a retry with no
 * attempt left ends FAILED, and anything but a success of a task whose cancel was requested ends
 * CANCELLED.
 */
final class ExecutionOutcomes {

    static final int MAX_ERROR_LENGTH = 2000;

    private final RetryBackoff backoff;
    private final TimeoutAction timeoutAction;
    private final Duration maxExecutionTime;

    ExecutionOutcomes(RetryBackoff backoff, TimeoutAction timeoutAction, Duration maxExecutionTime) {
        this.backoff = backoff;
        this.timeoutAction = timeoutAction;
        this.maxExecutionTime = maxExecutionTime;
    }

    /** @return nothing when the lease is lost: the result of a holder that is no longer one is never written */
    Optional<Completion> decide(TaskExecution execution, TaskResult result, Throwable error) {
        if (execution.isLeaseLost()) {
            return Optional.empty();
        }
        ClaimedTask task = execution.task();
        if (result instanceof TaskResult.Success success) {
            return Optional.of(Completion.succeeded(task.id(), task.leaseToken(), success.artifactId()));
        }
        StopReason stop = execution.stopReason();
        if (stop != null) {
            return Optional.of(afterStop(task, stop));
        }
        if (result instanceof TaskResult.Retry retry) {
            return Optional.of(Completion.retry(task.id(), task.leaseToken(), retry.reason(), retry.delay().toMillis()));
        }
        if (result instanceof TaskResult.Failure failure) {
            return Optional.of(Completion.failed(task.id(), task.leaseToken(), failure.reason()));
        }
        if (error instanceof MalformedPayloadException malformed) {
            return Optional.of(Completion.failed(task.id(), task.leaseToken(), truncate(malformed.getMessage())));
        }
        String reason = error != null ? describe(error) : "handler returned no result";
        return Optional.of(retry(task, reason));
    }

    private Completion afterStop(ClaimedTask task, StopReason stop) {
        return switch (stop) {
            case CANCEL_REQUESTED -> Completion.cancelled(task.id(), task.leaseToken());
            case SHUTDOWN -> Completion.released(task.id(), task.leaseToken());
            case TIMED_OUT -> {
                String reason = "timed out after max-execution-time " + maxExecutionTime;
                yield timeoutAction == TimeoutAction.FAIL
                        ? Completion.failed(task.id(), task.leaseToken(), reason)
                        : retry(task, reason);
            }
            case LEASE_LOST -> throw new IllegalStateException("a lost lease writes nothing");
        };
    }

    private Completion retry(ClaimedTask task, String reason) {
        return Completion.retry(task.id(), task.leaseToken(), reason, backoff.delayAfter(task.attempt()).toMillis());
    }

    /** The exception with its causes, cut to what the last_error column holds. */
    static String describe(Throwable error) {
        StringWriter trace = new StringWriter();
        error.printStackTrace(new PrintWriter(trace));
        return truncate(trace.toString());
    }

    static String truncate(String text) {
        return text == null || text.length() <= MAX_ERROR_LENGTH ? text : text.substring(0, MAX_ERROR_LENGTH);
    }
}
