package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import io.micrometer.common.KeyValue;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.transport.Kind;
import io.micrometer.observation.transport.Propagator;
import io.micrometer.observation.transport.ReceiverContext;

import java.util.Optional;

/**
 * What the worker observes, when its observation registry has a handler: each execution as a message received
 * (a consumer) whose carrier is the claimed task, so that a tracing handler continues the trace context stored by
 * the submit; and each claim, renewal and completion batch, tagged by its result only. With
 * {@link ObservationRegistry#NOOP} every method returns {@link Observation#NOOP}, whose calls do nothing.
 */
final class WorkerObservations {

    /**
     * The execution observation's name; its span is {@link #EXECUTION_SPAN}. Not async.task.execution: the timer a
     * meter handler makes of an observation takes its name, and would clash with the worker's own timer of that name.
     */
    static final String EXECUTION = "async.task.run";
    /** The execution's span. */
    static final String EXECUTION_SPAN = "async.task.execution";
    static final String CLAIM = "async.task.claim";
    static final String RENEWAL = "async.task.renewal";
    static final String COMPLETION = "async.task.completion";
    static final String TRACE_PARENT = "traceparent";

    static final String OUTCOME = "outcome";
    /** An execution whose handler returned after the watchdog had decided its outcome for it. */
    static final KeyValue ABANDONED = KeyValue.of(OUTCOME, "abandoned");
    static final KeyValue CLAIMED = KeyValue.of("result", "claimed");
    static final KeyValue NONE_CLAIMED = KeyValue.of("result", "empty");
    static final KeyValue ALL_HELD = KeyValue.of("result", "held");
    static final KeyValue SOME_LOST = KeyValue.of("result", "lost");
    static final KeyValue WRITTEN = KeyValue.of("result", "written");
    static final KeyValue SOME_REFUSED = KeyValue.of("result", "refused");

    private static final Propagator.Getter<ClaimedTask> TRACE_CONTEXT = (task, key) ->
            task != null && TRACE_PARENT.equals(key) ? task.traceParent() : null;

    private final ObservationRegistry registry;

    WorkerObservations(ObservationRegistry registry) {
        this.registry = registry;
    }

    /** A started observation of the task's execution; tagged by its outcome when it stops ({@link #stop}). */
    Observation startExecution(ClaimedTask task) {
        if (registry.isNoop()) {
            return Observation.NOOP;
        }
        return Observation.createNotStarted(EXECUTION, () -> {
                    ReceiverContext<ClaimedTask> context = new ReceiverContext<>(TRACE_CONTEXT, Kind.CONSUMER);
                    context.setCarrier(task);
                    return context;
                }, registry)
                .contextualName(EXECUTION_SPAN)
                .lowCardinalityKeyValue("type", task.taskType())
                .highCardinalityKeyValue("task.id", Long.toString(task.id()))
                .highCardinalityKeyValue("attempt", Integer.toString(task.attempt()))
                .start();
    }

    /** Tags an execution's observation with the outcome handed to the writer, "lost" for none. */
    static void tagOutcome(Observation execution, Optional<Completion> completion, ClaimedTask task) {
        if (execution != Observation.NOOP) {
            execution.lowCardinalityKeyValue(OUTCOME,
                    completion.map(c -> ExecutionOutcomes.outcomeName(c, task)).orElse("lost"));
        }
    }

    /** A started observation of a batch statement ({@link #CLAIM}, {@link #RENEWAL}, {@link #COMPLETION}). */
    Observation startBatch(String name) {
        return registry.isNoop() ? Observation.NOOP : Observation.start(name, registry);
    }
}
