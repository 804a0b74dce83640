package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.TimeoutAction;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.PayloadCodec.MalformedPayloadException;
import com.tudicloud.asynctask.worker.policy.TaskTypePolicies;
import com.tudicloud.asynctask.api.TaskPolicy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * Decides what to write for an execution that ended, from what the handler returned or threw and
 * why the worker stopped it, if it did, under the policy of the task's type (its backoff, its timeout action,
 * the exceptions it does not retry). The database still has the last word: a retry with no
 * attempt left ends FAILED, and anything but a success of a task whose cancel was requested ends
 * CANCELLED. Every value a handler controls is fitted to the store on the way ({@link StorableValues}),
 * and no value, however strange, makes the decision throw.
 */
final class ExecutionOutcomes {

    private final TaskTypePolicies policies;
    /** Uniform in [0, 1], for the jitter of retry delays. */
    private final DoubleSupplier random;
    private final StorableValues values;

    ExecutionOutcomes(TaskTypePolicies policies, DoubleSupplier random, StorableValues values) {
        this.policies = policies;
        this.random = random;
        this.values = values;
    }

    /**
     * @return nothing when the lease is lost: the result of a holder that is no longer one is never written;
     *         else the outcome with the progress its handler reported last
     */
    Optional<Completion> decide(TaskExecution execution, TaskResult result, Throwable error) {
        List<NewTask> children = execution.context().closeChildren();
        return outcome(execution, result, error)
                .map(completion -> completion.outcome() == Completion.Outcome.SUCCEEDED
                        ? completion.withChildren(children) : completion)
                .map(execution::withLastProgress);
    }

    private Optional<Completion> outcome(TaskExecution execution, TaskResult result, Throwable error) {
        if (execution.isLeaseLost()) {
            return Optional.empty();
        }
        ClaimedTask task = execution.task();
        if (result instanceof TaskResult.Success success) {
            return Optional.of(Completion.succeeded(task.id(), task.leaseToken(), values.artifactId(task, success.artifactId())));
        }
        StopReason stop = execution.stopReason();
        if (stop != null) {
            return Optional.of(afterStop(task, stop));
        }
        if (result instanceof TaskResult.Retry retry) {
            return Optional.of(Completion.retry(task.id(), task.leaseToken(), values.reason(task, retry.reason()),
                    values.retryDelayMillis(task, retry.delay())));
        }
        if (result instanceof TaskResult.Failure failure) {
            return Optional.of(Completion.failed(task.id(), task.leaseToken(), values.reason(task, failure.reason())));
        }
        if (error instanceof MalformedPayloadException malformed) {
            return Optional.of(Completion.failed(task.id(), task.leaseToken(), values.error(messageOf(malformed))));
        }
        if (error != null && policies.forType(task.taskType()).isNonRetryable(error)) {
            return Optional.of(Completion.failed(task.id(), task.leaseToken(),
                    values.error("not retried, non-retryable for its task type: " + stackTrace(error))));
        }
        String reason = error != null ? describe(error) : "handler returned no result";
        return Optional.of(retry(task, reason));
    }

    /** The last resort when deciding failed all the same: FAILED, saying so; nothing when the lease is lost. */
    Optional<Completion> undecidable(TaskExecution execution, Throwable failure) {
        if (execution.isLeaseLost()) {
            return Optional.empty();
        }
        ClaimedTask task = execution.task();
        return Optional.of(Completion.failed(task.id(), task.leaseToken(),
                values.error("the worker could not decide the outcome: " + describe(failure))));
    }

    private Completion afterStop(ClaimedTask task, StopReason stop) {
        return switch (stop) {
            case CANCEL_REQUESTED -> Completion.cancelled(task.id(), task.leaseToken());
            case SHUTDOWN -> Completion.released(task.id(), task.leaseToken());
            case TIMED_OUT -> {
                TaskPolicy policy = policies.forType(task.taskType());
                String reason = "timed out after max-execution-time " + policy.maxExecutionTime().orElseThrow();
                yield policy.timeoutAction().orElseThrow() == TimeoutAction.FAIL
                        ? Completion.failed(task.id(), task.leaseToken(), reason)
                        : retry(task, reason);
            }
            case LEASE_LOST -> throw new IllegalStateException("a lost lease writes nothing");
        };
    }

    private Completion retry(ClaimedTask task, String reason) {
        return Completion.retry(task.id(), task.leaseToken(), reason,
                values.delayMillis(policies.forType(task.taskType()).retry().delayAfter(task.attempt(),
                        random.getAsDouble())));
    }

    /** The exception with its causes, cut to what the last_error column holds. */
    private String describe(Throwable error) {
        return values.error(stackTrace(error));
    }

    /** The stack trace; for an exception whose message cannot be read (its getMessage throws), its class. */
    static String stackTrace(Throwable error) {
        try {
            StringWriter trace = new StringWriter();
            error.printStackTrace(new PrintWriter(trace));
            return trace.toString();
        } catch (Throwable unreadable) {   // whatever the handler's exception does, the outcome is decided
            return error.getClass().getName() + " (its message could not be read: " + unreadable.getClass().getName() + ")";
        }
    }

    /** What to show of an exception in one line, whatever its getMessage or toString do. */
    static String summary(Throwable error) {
        try {
            return error.toString();
        } catch (Throwable unreadable) {   // whatever the handler's exception does, the outcome is decided
            return error.getClass().getName();
        }
    }

    private static String messageOf(Throwable error) {
        try {
            return error.getMessage();
        } catch (Throwable unreadable) {   // whatever the handler's exception does, the outcome is decided
            return error.getClass().getName();
        }
    }

    /** What the database will make of it: a retry with no attempt left ends FAILED. */
    static String outcomeName(Completion completion, ClaimedTask task) {
        if (completion.outcome() == Completion.Outcome.RETRY && task.attempt() >= task.maxAttempts()) {
            return "failed";
        }
        return completion.outcome().name().toLowerCase(Locale.ROOT);
    }
}
