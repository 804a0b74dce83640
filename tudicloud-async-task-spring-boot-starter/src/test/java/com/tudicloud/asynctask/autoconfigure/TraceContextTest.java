package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A task submitted inside a traced request runs in the same trace, on a worker in another application context:
 * a shop service that only submits (context A) and a worker service (context B), each started on the async-task
 * auto-configuration with its own OpenTelemetry tracer behind Micrometer Tracing, both exporting to one in-memory
 * span store as two services export to one tracing backend. Without a tracer nothing is recorded and the task runs.
 */
class TraceContextTest {

    private static final String ORDER = "trace.order";
    private static final String SLOW = "trace.slow";
    private static final AttributeKey<String> TYPE = AttributeKey.stringKey("type");
    private static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("outcome");
    private static final AttributeKey<String> RESULT = AttributeKey.stringKey("result");
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    /** A service's own configuration: the async-task auto-configuration on a DataSource, nothing else. */
    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration({DataSourceAutoConfiguration.class, AsyncTaskClientAutoConfiguration.class,
            AsyncTaskAutoConfiguration.class})
    static class Service {
    }

    /** What a handler saw while it ran: the task, the MDC, and the span current on its thread. */
    record Seen(long taskId, int attempt, Map<String, String> mdc, String traceId, String spanId) {
    }

    /** Fails the first attempt of a "flaky" payload, so that the retry is a second execution of one submit. */
    static final class OrderHandler implements TaskHandler<String> {

        private final Tracer tracer;
        final List<Seen> seen = new CopyOnWriteArrayList<>();

        OrderHandler(Tracer tracer) {
            this.tracer = tracer;
        }

        @Override
        public String taskType() {
            return ORDER;
        }

        @Override
        public Class<String> payloadType() {
            return String.class;
        }

        @Override
        public TaskResult execute(TaskContext context, String payload) {
            Span current = tracer == null ? null : tracer.currentSpan();
            seen.add(new Seen(context.taskId(), context.attempt(), MDC.getCopyOfContextMap(),
                    current == null ? null : current.context().traceId(),
                    current == null ? null : current.context().spanId()));
            if (payload.equals("flaky") && context.attempt() == 1) {
                throw new IllegalStateException("the first attempt fails");
            }
            return TaskResult.success();
        }
    }

    /**
     * Runs until a renewal batch held every lease it renewed, so that one is observed (a batch that met another
     * task's lease just ended reports it lost).
     */
    final class SlowHandler implements TaskHandler<String> {

        @Override
        public String taskType() {
            return SLOW;
        }

        @Override
        public Class<String> payloadType() {
            return String.class;
        }

        @Override
        public TaskResult execute(TaskContext context, String payload) throws InterruptedException {
            awaitCondition("a renewal span that held its leases", () -> named("async.task.renewal").stream()
                    .anyMatch(span -> "held".equals(span.getAttributes().get(RESULT))));
            return TaskResult.success();
        }
    }

    /** Each test's own: a tracer provider shuts its exporter down when it closes. */
    private final InMemorySpanExporter spans = InMemorySpanExporter.create();

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    private final List<AutoCloseable> opened = new ArrayList<>();

    @BeforeEach
    void emptyTable() {
        db.deleteAllTasks();
    }

    @AfterEach
    void closeServices() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
    }

    @Test
    void theExecutionOnAnotherServiceContinuesTheSubmittingRequestsTrace() throws Exception {
        OtelTracing shopTracing = open(new OtelTracing("shop", spans));
        OtelTracing workerTracing = open(new OtelTracing("worker", spans));
        AsyncTaskClient shop = start("shop", shopTracing.observationRegistry()).getBean(AsyncTaskClient.class);
        OrderHandler orders = new OrderHandler(workerTracing.tracer());
        start("worker", workerTracing.observationRegistry(), orders, new SlowHandler());

        Tracer tracer = shopTracing.tracer();
        Span request = tracer.nextSpan().name("POST /orders").start();
        long steady;
        long flaky;
        try (Tracer.SpanInScope ignored = tracer.withSpan(request)) {
            steady = shop.submit(TaskRequest.of(ORDER, "steady")).taskId();
            flaky = shop.submit(TaskRequest.of(ORDER, "flaky")).taskId();
        } finally {
            request.end();
        }
        long slow = shop.submit(TaskRequest.of(SLOW, "untraced submit")).taskId();
        awaitCondition("four executions ended", () -> named("async.task.execution").size() == 4);
        awaitCondition("every task done", () -> rows.count("SUCCESS") == 3);
        printSpans();

        SpanData requestSpan = single("POST /orders");
        List<SpanData> submits = named("async.task.submit");
        assertThat(submits).hasSize(3).allSatisfy(submit -> {
            assertThat(submit.getKind()).isEqualTo(SpanKind.PRODUCER);
            assertThat(service(submit)).isEqualTo("shop");
        });
        for (long id : List.of(steady, flaky)) {
            SpanData submit = submitOf(id, submits);
            assertThat(submit.getTraceId()).isEqualTo(requestSpan.getTraceId());
            assertThat(submit.getParentSpanId()).as("the submit's parent").isEqualTo(requestSpan.getSpanId());
            assertThat(submit.getAttributes().get(TYPE)).isEqualTo(ORDER);

            List<SpanData> executions = executionsOf(id);
            assertThat(executions).as("executions of task %d", id).isNotEmpty().allSatisfy(execution -> {
                assertThat(service(execution)).isEqualTo("worker");
                assertThat(execution.getKind()).isEqualTo(SpanKind.CONSUMER);
                assertThat(execution.getTraceId()).isEqualTo(requestSpan.getTraceId());
                assertThat(execution.getParentSpanId()).as("an execution's parent").isEqualTo(submit.getSpanId());
                assertThat(execution.getAttributes().get(TYPE)).isEqualTo(ORDER);
            });
        }
        assertThat(executionsOf(steady)).singleElement().satisfies(execution ->
                assertThat(execution.getAttributes().get(OUTCOME)).isEqualTo("succeeded"));
        assertThat(executionsOf(flaky)).as("the retry is a second child of the submit").hasSize(2)
                .satisfiesExactlyInAnyOrder(
                        first -> {
                            assertThat(first.getAttributes().get(OUTCOME)).isEqualTo("retry");
                            assertThat(first.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
                            assertThat(first.getAttributes().get(AttributeKey.stringKey("attempt"))).isEqualTo("1");
                        },
                        second -> {
                            assertThat(second.getAttributes().get(OUTCOME)).isEqualTo("succeeded");
                            assertThat(second.getAttributes().get(AttributeKey.stringKey("attempt"))).isEqualTo("2");
                        });
        assertThat(executionsOf(slow)).singleElement().satisfies(execution -> {
            SpanData submit = submitOf(slow, submits);
            assertThat(submit.getParentSpanContext().isValid()).as("a submit outside a request starts a trace").isFalse();
            assertThat(execution.getTraceId()).isEqualTo(submit.getTraceId());
            assertThat(execution.getParentSpanId()).isEqualTo(submit.getSpanId());
        });

        assertThat(orders.seen).hasSize(3).allSatisfy(seen -> {
            assertThat(seen.mdc()).containsEntry("asyncTaskId", Long.toString(seen.taskId()))
                    .containsEntry("asyncTaskType", ORDER)
                    .containsEntry("asyncTaskAttempt", Integer.toString(seen.attempt()));
            SpanData execution = executionsOf(seen.taskId()).stream()
                    .filter(e -> e.getAttributes().get(AttributeKey.stringKey("attempt")).equals(Integer.toString(seen.attempt())))
                    .findFirst().orElseThrow();
            assertThat(seen.spanId()).as("the span current in the handler").isEqualTo(execution.getSpanId());
            assertThat(seen.traceId()).isEqualTo(requestSpan.getTraceId());
        });
        assertThat(rows.jdbc().queryForObject("SELECT trace_parent FROM system_async_task WHERE id = ?", String.class,
                steady)).isEqualTo("00-" + requestSpan.getTraceId() + "-" + submitOf(steady, submits).getSpanId() + "-01");

        for (String batch : List.of("async.task.claim", "async.task.renewal", "async.task.completion")) {
            assertThat(named(batch)).as(batch).isNotEmpty().allSatisfy(span -> {
                assertThat(service(span)).isEqualTo("worker");
                assertThat(span.getAttributes().asMap().keySet()).as("a batch's tags: its result only")
                        .containsExactly(RESULT);
            });
        }
        assertThat(named("async.task.claim")).extracting(span -> span.getAttributes().get(RESULT)).contains("claimed");
        assertThat(named("async.task.renewal")).extracting(span -> span.getAttributes().get(RESULT)).contains("held");
        assertThat(named("async.task.completion")).extracting(span -> span.getAttributes().get(RESULT)).contains("written");
    }

    /**
     * Neither service has an observation registry: a submit inside a span of a tracer the services do not know
     * stores no trace context, records nothing, and its task runs as ever, its MDC set all the same.
     */
    @Test
    void withoutATracerTheColumnStaysNullAndTheTaskRuns() throws Exception {
        OtelTracing unrelated = open(new OtelTracing("unrelated", spans));
        AsyncTaskClient shop = start("shop", null).getBean(AsyncTaskClient.class);
        OrderHandler orders = new OrderHandler(null);
        start("worker", null, orders);

        Span request = unrelated.tracer().nextSpan().name("POST /orders").start();
        long id;
        try (Tracer.SpanInScope ignored = unrelated.tracer().withSpan(request)) {
            id = shop.submit(TaskRequest.of(ORDER, "steady")).taskId();
        } finally {
            request.end();
        }
        awaitCondition("the task done", () -> rows.count("SUCCESS") == 1);

        assertThat(rows.jdbc().queryForObject("SELECT trace_parent FROM system_async_task WHERE id = ?", String.class, id))
                .isNull();
        assertThat(spans.getFinishedSpanItems()).extracting(SpanData::getName).containsExactly("POST /orders");
        assertThat(orders.seen).singleElement().satisfies(seen ->
                assertThat(seen.mdc()).containsEntry("asyncTaskId", Long.toString(id)));
    }

    /**
     * Observations handled by metrics alone, as Spring Boot's actuator sets up without a tracer: no trace context
     * to store, and the observations' timers beside the worker's own meters, none clashing with them.
     */
    @Test
    void observationsWithoutATracerAreMeteredAndStoreNoTraceContext() throws Exception {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        ObservationRegistry metered = ObservationRegistry.create();
        metered.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
        AsyncTaskClient shop = start("shop", metered, meters).getBean(AsyncTaskClient.class);
        start("worker", metered, meters, new OrderHandler(null));

        long id = shop.submit(TaskRequest.of(ORDER, "steady")).taskId();
        awaitCondition("the run observed", () -> meters.find("async.task.run").timer() != null
                && meters.find("async.task.run").timer().count() == 1);

        assertThat(rows.jdbc().queryForObject("SELECT trace_parent FROM system_async_task WHERE id = ?", String.class, id))
                .isNull();
        assertThat(meters.get("async.task.submit").tag("type", ORDER).timer().count()).isOne();
        assertThat(meters.get("async.task.run").tag("type", ORDER).tag("outcome", "succeeded").timer().count()).isOne();
        awaitCondition("the outcome written", () -> meters.find("async.task.execution").timer() != null);
        assertThat(meters.get("async.task.execution").tag("type", ORDER).tag("outcome", "succeeded").timer().count())
                .as("the worker's own execution timer").isOne();
    }

    private ConfigurableApplicationContext start(String name, ObservationRegistry observations, Object... beans) {
        SpringApplicationBuilder builder = new SpringApplicationBuilder(Service.class).web(WebApplicationType.NONE)
                .initializers(context -> {
                    if (observations != null) {
                        context.getBeanFactory().registerSingleton("observationRegistry", observations);
                    }
                    for (Object bean : beans) {
                        String beanName = bean instanceof MeterRegistry ? "meterRegistry" : bean.getClass().getSimpleName();
                        context.getBeanFactory().registerSingleton(beanName, bean);
                    }
                });
        ConfigurableApplicationContext context = builder.run(
                "--spring.application.name=" + name,
                "--spring.datasource.url=" + db.jdbcUrl(),
                "--spring.datasource.username=" + db.username(),
                "--spring.datasource.password=" + db.password(),
                "--async-task.worker.worker-id=" + name,
                "--async-task.worker.poll-interval=50ms",
                "--async-task.worker.lease-timeout=3s",
                "--async-task.worker.heartbeat-interval=300ms",
                "--async-task.worker.recovery-interval=2s",
                "--async-task.worker.retry.initial-backoff=10ms",
                "--async-task.schedules.enabled=false",
                "--async-task.retention.enabled=false");
        opened.add(context);
        return context;
    }

    private <T extends AutoCloseable> T open(T closeable) {
        opened.add(closeable);
        return closeable;
    }

    private List<SpanData> named(String name) {
        return spans.getFinishedSpanItems().stream().filter(span -> span.getName().equals(name)).toList();
    }

    private SpanData single(String name) {
        assertThat(named(name)).as(name).hasSize(1);
        return named(name).get(0);
    }

    private List<SpanData> executionsOf(long taskId) {
        return named("async.task.execution").stream()
                .filter(span -> Long.toString(taskId).equals(span.getAttributes().get(AttributeKey.stringKey("task.id"))))
                .toList();
    }

    /** The submit span of a task: the one whose span id its row's trace context names. */
    private SpanData submitOf(long taskId, List<SpanData> submits) {
        String traceParent = rows.jdbc().queryForObject("SELECT trace_parent FROM system_async_task WHERE id = ?",
                String.class, taskId);
        return submits.stream().filter(s -> traceParent.equals("00-" + s.getTraceId() + "-" + s.getSpanId() + "-01"))
                .findFirst().orElseThrow(() -> new AssertionError("no submit span for " + traceParent));
    }

    private static String service(SpanData span) {
        return span.getResource().getAttribute(OtelTracing.SERVICE_NAME);
    }

    /** The exported spans, oldest first, as a tracing backend would list them. */
    private void printSpans() {
        System.out.println("exported spans:");
        spans.getFinishedSpanItems().stream().sorted((a, b) -> Long.compare(a.getStartEpochNanos(), b.getStartEpochNanos()))
                .forEach(span -> System.out.printf("  %-8s %-22s %-9s trace=%s span=%s parent=%s %s%s%n", service(span),
                        span.getName(), span.getKind(), span.getTraceId(), span.getSpanId(),
                        span.getParentSpanContext().isValid() ? span.getParentSpanId() : "-",
                        span.getAttributes().asMap().entrySet().stream()
                                .map(e -> e.getKey().getKey() + "=" + e.getValue()).sorted()
                                .collect(Collectors.joining(" ", "{", "}")),
                        span.getStatus().getStatusCode() == StatusCode.ERROR ? " ERROR" : ""));
    }

    /** Waits for what another thread does; the bound only stops a test that would hang, it times nothing. */
    private static void awaitCondition(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not seen within " + PATIENCE + ": " + what);
            }
            Thread.sleep(20);
        }
    }
}
