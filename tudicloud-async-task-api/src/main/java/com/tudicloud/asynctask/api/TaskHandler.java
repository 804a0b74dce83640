package com.tudicloud.asynctask.api;

/**
 * Runs the tasks of one type. A handler must be idempotent: a task runs at least once, and again
 * after a worker crash or a lost lease. {@link TaskContext#idempotencyKey()} is the key to record
 * the side effect under, in the same transaction as the side effect itself.
 *
 * <p>A handler that runs for long should look at {@link TaskContext#isCancellationRequested()}
 * now and then and must let {@link InterruptedException} (or the thread's interrupt flag) end it:
 * the worker interrupts it on cancellation, a lost lease, a timeout and shutdown.
 *
 * @param <P> the payload type, read from JSON
 */
public interface TaskHandler<P> {

    /** The task type this handler runs; unique among the handlers of one worker. */
    String taskType();

    /** The class the JSON payload is read into. */
    Class<P> payloadType();

    /**
     * Runs one task. Return {@link TaskResult#success()} and friends; a thrown exception is retried
     * with backoff until the attempts run out, unless {@link #policy()} names it non-retryable.
     */
    TaskResult execute(TaskContext context, P payload) throws Exception;

    /**
     * How the tasks of this type are run: attempts, retry backoff, time limit, default priority,
     * concurrency, exceptions not worth a retry. Settings it leaves out are the worker's; properties
     * under {@code async-task.types.<type>} override it.
     */
    default TaskPolicy policy() {
        return TaskPolicy.DEFAULTS;
    }
}
