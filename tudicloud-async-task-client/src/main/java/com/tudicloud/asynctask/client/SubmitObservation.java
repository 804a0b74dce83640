package com.tudicloud.asynctask.client;

import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.spi.NewTask;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.transport.Kind;
import io.micrometer.observation.transport.Propagator;
import io.micrometer.observation.transport.SenderContext;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One submit observed as a message sent ({@value #NAME}, a producer): its carrier is a map, into which a tracing
 * handler, where the application has one, writes the trace context of the submit's span. The rows keep its
 * W3C {@value #TRACE_PARENT} header, so that the execution continues the trace on whatever worker runs it.
 */
final class SubmitObservation {

    static final String NAME = "async.task.submit";
    static final String TRACE_PARENT = "traceparent";
    /** The tag of a submit whose requests name more than one type: a tag never takes a value per request. */
    static final String MIXED_TYPES = "mixed";

    private static final Propagator.Setter<Map<String, String>> SETTER = (carrier, key, value) -> {
        if (carrier != null) {
            carrier.put(key, value);
        }
    };

    private final Observation observation;
    private final Map<String, String> carrier;

    private SubmitObservation(Observation observation, Map<String, String> carrier) {
        this.observation = observation;
        this.carrier = carrier;
    }

    static SubmitObservation start(ObservationRegistry registry, List<TaskRequest> requests) {
        Map<String, String> carrier = new HashMap<>(4);
        Observation observation = Observation.createNotStarted(NAME, () -> {
                    SenderContext<Map<String, String>> context = new SenderContext<>(SETTER, Kind.PRODUCER);
                    context.setCarrier(carrier);
                    return context;
                }, registry)
                .lowCardinalityKeyValue("type", typeOf(requests))
                .start();
        return new SubmitObservation(observation, carrier);
    }

    /**
     * The submit span's context as the tracing handler wrote it; null without a tracer, and for a header that
     * does not fit the column (a later version of the format may be longer): tracing never fails a submit.
     */
    String traceParent() {
        String header = carrier.get(TRACE_PARENT);
        return header != null && header.length() <= NewTask.MAX_TRACE_PARENT_LENGTH ? header : null;
    }

    Observation.Scope openScope() {
        return observation.openScope();
    }

    void error(Throwable error) {
        observation.error(error);
    }

    void stop() {
        observation.stop();
    }

    private static String typeOf(List<TaskRequest> requests) {
        String type = requests.get(0).taskType();
        for (TaskRequest request : requests) {
            if (!request.taskType().equals(type)) {
                return MIXED_TYPES;
            }
        }
        return type;
    }
}
