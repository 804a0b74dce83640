package com.tudicloud.asynctask.autoconfigure;

import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingReceiverTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingSenderTracingObservationHandler;
import io.micrometer.tracing.otel.bridge.OtelCurrentTraceContext;
import io.micrometer.tracing.otel.bridge.OtelPropagator;
import io.micrometer.tracing.otel.bridge.OtelTracer;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.opentelemetry.sdk.trace.samplers.Sampler;

/**
 * One service's tracing as Spring Boot sets it up with OpenTelemetry: an SDK tracer that samples every trace and
 * propagates W3C trace context, Micrometer Tracing's bridge over it, and an observation registry with the tracing
 * handlers (a sender's span injects its context, a receiver's span continues the one it extracts). Its spans go to
 * the given exporter as each ends, under the service's name.
 */
final class OtelTracing implements AutoCloseable {

    static final AttributeKey<String> SERVICE_NAME = AttributeKey.stringKey("service.name");

    private final SdkTracerProvider provider;
    private final Tracer tracer;
    private final ObservationRegistry registry;

    OtelTracing(String serviceName, SpanExporter exporter) {
        provider = SdkTracerProvider.builder()
                .setResource(Resource.getDefault().merge(Resource.create(Attributes.of(SERVICE_NAME, serviceName))))
                .setSampler(Sampler.alwaysOn())
                .addSpanProcessor(SimpleSpanProcessor.create(exporter))
                .build();
        OpenTelemetrySdk sdk = OpenTelemetrySdk.builder().setTracerProvider(provider)
                .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance())).build();
        io.opentelemetry.api.trace.Tracer otel = sdk.getTracer("tudicloud-async-task-test");
        tracer = new OtelTracer(otel, new OtelCurrentTraceContext(), event -> {
        });
        OtelPropagator propagator = new OtelPropagator(sdk.getPropagators(), otel);
        registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(new ObservationHandler.FirstMatchingCompositeObservationHandler(
                new PropagatingSenderTracingObservationHandler<>(tracer, propagator),
                new PropagatingReceiverTracingObservationHandler<>(tracer, propagator),
                new DefaultTracingObservationHandler(tracer)));
    }

    Tracer tracer() {
        return tracer;
    }

    ObservationRegistry observationRegistry() {
        return registry;
    }

    @Override
    public void close() {
        provider.close();
    }
}
