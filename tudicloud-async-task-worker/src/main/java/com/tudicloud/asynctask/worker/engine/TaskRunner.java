package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.PayloadCodec;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import io.micrometer.observation.Observation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Runs one claimed task on a slot thread and hands its outcome to the completion writer. Whatever
 * happens, an execution whose outcome this runner decides is handed over: it never stays held. While it runs,
 * the task is in the MDC ({@link ExecutionMdc}) and, where observations are handled, its observation is current
 * on the thread ({@link WorkerObservations#startExecution}), so that the handler's own spans are its children.
 */
final class TaskRunner {

    private static final Logger log = LoggerFactory.getLogger(TaskRunner.class);

    private final HandlerRegistry handlers;
    private final PayloadCodec codec;
    private final ExecutionOutcomes outcomes;
    private final CompletionWriter writer;
    private final AsyncTaskMetrics metrics;
    private final ExecutionPace pace;
    private final WorkerObservations observations;

    TaskRunner(HandlerRegistry handlers, PayloadCodec codec, ExecutionOutcomes outcomes, CompletionWriter writer,
               AsyncTaskMetrics metrics, ExecutionPace pace, WorkerObservations observations) {
        this.handlers = handlers;
        this.codec = codec;
        this.outcomes = outcomes;
        this.writer = writer;
        this.metrics = metrics;
        this.pace = pace;
        this.observations = observations;
    }

    /**
     * Decides for a handler that ignored its interrupt for too long, as if it had been stopped: its
     * slot is free again, its outcome (timeout, cancel, hand-back) is written, and whatever the thread
     * returns later is dropped.
     *
     * @return false when the handler returned after all
     */
    boolean abandon(TaskExecution execution) {
        if (!execution.tryComplete()) {
            return false;
        }
        Duration ran = Duration.ofNanos(System.nanoTime() - execution.startedAtNanos());
        conclude(execution, ran, () -> {
            Optional<Completion> completion = outcomes.decide(execution, null, null);
            log.error("Task {}: its handler ignores interruption ({}); abandoning its thread, outcome {}",
                    execution.taskId(), execution.stopReason(),
                    completion.map(c -> describe(c, execution)).orElse("none (lease lost)"));
            metrics.ignoredInterrupt(execution.task().taskType());
            return completion;
        });
        return true;
    }

    /** @return true when this call decided the outcome, false when the execution had been abandoned meanwhile */
    boolean run(TaskExecution execution) {
        if (execution.stopReason() != null) {
            return skip(execution);
        }
        ClaimedTask task = execution.task();
        ExecutionMdc.put(task);
        Observation observation = observations.startExecution(task);
        try {
            return runHandler(execution, observation);
        } finally {
            observation.stop();
            ExecutionMdc.clear();
        }
    }

    /** Runs the handler with its observation current, and tags the observation with the outcome handed over. */
    private boolean runHandler(TaskExecution execution, Observation observation) {
        TaskResult result = null;
        Throwable error = null;
        long started = System.nanoTime();
        execution.attach(Thread.currentThread());
        try (Observation.Scope ignored = observation.openScope()) {
            result = invoke(execution);
        } catch (Throwable t) {
            // Errors too (an OutOfMemoryError from one huge allocation, say): the other slots keep working
            error = t;
            observation.error(t);
        } finally {
            execution.detach();
        }
        long took = System.nanoTime() - started;
        pace.executed(took);
        if (!execution.tryComplete()) {
            log.warn("Task {}: its abandoned handler returned after all; its result is dropped", execution.taskId());
            observation.lowCardinalityKeyValue(WorkerObservations.ABANDONED);
            return false;
        }
        TaskResult returned = result;
        Throwable thrown = error;
        Optional<Completion> handedOver = conclude(execution, Duration.ofNanos(took), () -> {
            Optional<Completion> completion = outcomes.decide(execution, returned, thrown);
            report(execution, completion, thrown);
            if (thrown instanceof Error) {
                metrics.handlerError(execution.task().taskType(), thrown);
            }
            return completion;
        });
        WorkerObservations.tagOutcome(observation, handedOver, execution.task());
        return true;
    }

    /** Stopped while it waited for a slot (cancel requested, lease lost, shutdown): its handler never runs. */
    private boolean skip(TaskExecution execution) {
        if (!execution.tryComplete()) {
            return false;
        }
        conclude(execution, Duration.ZERO, () -> {
            Optional<Completion> completion = outcomes.decide(execution, null, null);
            log.info("Task {} stopped ({}) before its handler started: {}", execution.taskId(), execution.stopReason(),
                    completion.map(c -> describe(c, execution)).orElse("nothing written (lease lost)"));
            return completion;
        });
        return true;
    }

    /**
     * Decides and hands the outcome over; if deciding fails all the same, hands over a failure saying so.
     *
     * @return the outcome handed over; empty when the lease was lost and nothing is written
     */
    private Optional<Completion> conclude(TaskExecution execution, Duration ran, Supplier<Optional<Completion>> decision) {
        Optional<Completion> completion;
        try {
            completion = decision.get();
        } catch (RuntimeException | Error e) {
            log.error("Task {}: deciding its outcome failed; it ends FAILED", execution.taskId(), e);
            completion = outcomes.undecidable(execution, e);
        }
        completion.ifPresentOrElse(c -> writer.submit(execution, c, ran), () -> writer.drop(execution, ran));
        return completion;
    }

    private TaskResult invoke(TaskExecution execution) throws Exception {
        String type = execution.task().taskType();
        TaskHandler<?> handler = handlers.handlerFor(type)
                .orElseThrow(() -> new IllegalStateException("no handler for claimed task type " + type));
        return execute(handler, execution);
    }

    private <P> TaskResult execute(TaskHandler<P> handler, TaskExecution execution) throws Exception {
        P payload = codec.read(execution.task().payloadJson(), handler.payloadType());
        return handler.execute(execution.context(), payload);
    }

    private static void report(TaskExecution execution, Optional<Completion> completion, Throwable error) {
        long id = execution.taskId();
        int attempt = execution.task().attempt();
        if (completion.isEmpty()) {
            log.warn("Task {} lost its lease while running; its result is dropped and another worker will run it", id);
            return;
        }
        String outcome = describe(completion.get(), execution);
        if (execution.stopReason() != null) {
            log.info("Task {} (attempt {}) stopped ({}): {}", id, attempt, execution.stopReason(), outcome);
        } else if (error instanceof Error) {
            log.error("Task {} (attempt {}) threw an Error: {}: {}", id, attempt, outcome,
                    ExecutionOutcomes.stackTrace(error));
        } else if (error != null) {
            log.warn("Task {} (attempt {}) failed: {}: {}", id, attempt, outcome, ExecutionOutcomes.summary(error));
        } else if (completion.get().outcome() != Completion.Outcome.SUCCEEDED) {
            log.info("Task {} (attempt {}) ended: {}", id, attempt, outcome);
        }
    }

    private static String describe(Completion completion, TaskExecution execution) {
        String name = ExecutionOutcomes.outcomeName(completion, execution.task());
        return name.equals("retry") ? "retry in " + completion.retryDelayMillis() + " ms" : name.toUpperCase(Locale.ROOT);
    }
}
