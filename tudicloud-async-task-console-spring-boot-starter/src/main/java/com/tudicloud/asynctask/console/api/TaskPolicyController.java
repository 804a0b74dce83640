package com.tudicloud.asynctask.console.api;

import com.tudicloud.asynctask.api.TimeoutAction;
import com.tudicloud.asynctask.worker.policy.TaskTypePolicies;
import com.tudicloud.asynctask.api.TaskPolicy;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** The policy each task type runs under, as this application resolved it at start-up. */
@RestController
@RequestMapping(path = "/api/task-types", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Operations")
public class TaskPolicyController {

    @Schema(name = "TaskTypePolicy", description = "A task type's effective policy: its async-task.types properties, "
            + "else its handler's declaration, else the worker's settings")
    public record TaskTypePolicyJson(
            @Schema(example = "demo.export") String taskType,
            @Schema(description = "whether this application has a handler for the type; without one, the worker's "
                    + "defaults apply to what it submits") boolean handledHere,
            @Schema(description = "executions allowed, for tasks submitted without their own", example = "3") int maxAttempts,
            @Schema(description = "the priority of tasks submitted without one", example = "0") int defaultPriority,
            @Schema(description = "delay before the second attempt, in ms", example = "1000") long initialBackoffMs,
            @Schema(description = "growth of the delay from one attempt to the next", example = "2.0") double backoffMultiplier,
            @Schema(description = "the longest retry delay, in ms", example = "300000") long maxBackoffMs,
            @Schema(description = "random spread of each delay, as a fraction", example = "0.2") double jitter,
            @Schema(description = "how long one execution may run, in ms", example = "300000") long maxExecutionTimeMs,
            TimeoutAction timeoutAction,
            @Schema(description = "the fleet-wide cap on leased tasks this application declares; null for none "
                    + "(the cap in force is the database's)", example = "4") Integer concurrencyLimit,
            @Schema(description = "the payload field that names the key of a task submitted without one; null for none",
                    example = "customer") String keyField,
            @Schema(description = "the fleet-wide cap on leased tasks of each key this application declares; null for "
                    + "none (the cap in force is the database's)", example = "2") Integer keyConcurrency,
            @Schema(description = "the fleet-wide rate limit this application declares: at most this many starts of "
                    + "the type within any rateLimitPeriodMs; null for none (the limit in force is the database's)",
                    example = "100") Integer rateLimit,
            @Schema(description = "the stretch of time the rate limit counts starts over, in ms; null without a "
                    + "rate limit", example = "60000") Long rateLimitPeriodMs,
            @Schema(description = "whether this application declares the type fair: claims take its tasks across its "
                    + "keys in turn (whether it is fair in force is the database's)") boolean fair,
            @Schema(description = "exception classes that end a task FAILED at its first attempt") List<String> nonRetryable,
            @Schema(description = "whether the handler also has a test of its own for non-retryable exceptions")
            boolean nonRetryableTest) {

        /** @param policy a resolved policy: every setting decided */
        static TaskTypePolicyJson of(String taskType, boolean handledHere, TaskPolicy policy) {
            TaskPolicy.Retry retry = policy.retry();
            return new TaskTypePolicyJson(taskType, handledHere, policy.maxAttempts().orElseThrow(),
                    policy.defaultPriority().orElseThrow(), retry.initialBackoff().toMillis(), retry.multiplier(),
                    retry.maxBackoff().toMillis(), retry.jitter(), policy.maxExecutionTime().orElseThrow().toMillis(),
                    policy.timeoutAction().orElseThrow(), policy.concurrencyLimit().orElse(null),
                    policy.keyField().orElse(null), policy.keyConcurrency().orElse(null),
                    policy.rateLimit().orElse(null), policy.ratePeriod().map(Duration::toMillis).orElse(null),
                    policy.fair().orElse(false), policy.nonRetryable().stream().map(Class::getName).toList(), policy.nonRetryableWhen().isPresent());
        }
    }

    private final TaskTypePolicies policies;
    private final TaskTypeCatalog catalog;

    public TaskPolicyController(TaskTypePolicies policies, TaskTypeCatalog catalog) {
        this.policies = policies;
        this.catalog = catalog;
    }

    @GetMapping("/policies")
    @Operation(summary = "Each task type's effective policy", description = "Attempts, retry backoff, time limit and "
            + "timeout action, default priority, concurrency limits, rate limit, fairness and non-retryable exceptions of every "
            + "type this application runs or may submit, by type name.")
    public List<TaskTypePolicyJson> policies() {
        Set<String> handled = policies.byType().keySet();
        Set<String> types = new TreeSet<>(handled);
        types.addAll(catalog.known());
        return types.stream()
                .map(type -> TaskTypePolicyJson.of(type, handled.contains(type), policies.forType(type)))
                .toList();
    }
}
