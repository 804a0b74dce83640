package com.tudicloud.asynctask.console.api;

import com.tudicloud.asynctask.console.audit.OperatorActions;
import com.tudicloud.asynctask.console.api.error.ApiProblems;
import com.tudicloud.asynctask.console.api.error.LogText;
import com.tudicloud.asynctask.console.api.json.PayloadRedaction;
import com.tudicloud.asynctask.console.api.json.StatusChangeJson;
import com.tudicloud.asynctask.console.api.json.SubmitTaskBody;
import com.tudicloud.asynctask.console.api.json.TaskEventJson;
import com.tudicloud.asynctask.console.api.json.TaskEventsJson;
import com.tudicloud.asynctask.console.api.json.TaskJson;
import com.tudicloud.asynctask.console.api.json.TaskLinksJson;
import com.tudicloud.asynctask.console.api.json.TaskPageJson;
import com.tudicloud.asynctask.console.ConsoleAccess;
import com.tudicloud.asynctask.console.ConsoleApiProperties;
import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.CancelOutcome;
import com.tudicloud.asynctask.api.RetryOutcome;
import com.tudicloud.asynctask.api.SubmittedTask;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TaskView;
import com.tudicloud.asynctask.api.spi.AuditTrail;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.TaskEventMode;
import com.tudicloud.asynctask.api.spi.TaskStore;
import com.tudicloud.asynctask.autoconfigure.AsyncTaskEventProperties;
import com.tudicloud.asynctask.api.spi.TaskPage;
import com.tudicloud.asynctask.api.spi.TaskQuery;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

import java.security.Principal;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Set;

@RestController
@RequestMapping(path = "/api/tasks", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Tasks", description = "Browse, submit, cancel and retry tasks")
public class TaskController {

    /** Events per request, at most: a task retried for years keeps its latest ones within reach. */
    static final int MAX_EVENTS = 1000;

    private final AsyncTaskClient client;
    private final TaskStore taskStore;
    private final TaskAdminStore adminStore;
    private final TaskEventMode eventMode;
    private final SubmitChecks checks;
    private final PayloadRedaction redaction;
    private final OperatorActions actions;
    private final AuditTrail audit;
    private final ConsoleAccess access;
    private final int listLimit;

    public TaskController(AsyncTaskClient client, TaskStore taskStore, TaskAdminStore adminStore,
                          AsyncTaskEventProperties events, TaskTypeCatalog taskTypes,
                          PayloadRedaction redaction, OperatorActions actions, AuditTrail audit,
                          ConsoleAccess access, ConsoleApiProperties adminProperties) {
        this.client = client;
        this.taskStore = taskStore;
        this.adminStore = adminStore;
        this.eventMode = events.getMode();
        this.checks = new SubmitChecks(taskTypes);
        this.redaction = redaction;
        this.actions = actions;
        this.audit = audit;
        this.access = access;
        this.listLimit = adminProperties.getListLimit();
    }

    @GetMapping
    @Operation(summary = "List tasks", description = "Filters combine with AND; a repeated status means any of them.")
    public TaskPageJson list(
            @Parameter(description = "only these statuses (repeat the parameter for several)", example = "RUNNING")
            @RequestParam(required = false) List<TaskStatus> status,
            @Parameter(description = "only this task type", example = "demo.export")
            @RequestParam(required = false) @Size(max = 100) String taskType,
            @Parameter(description = "only this owner", example = "alice")
            @RequestParam(required = false) @Size(max = 128) String ownerId,
            @Parameter(description = "only this key (exactly)", example = "customer-42")
            @RequestParam(required = false) @Size(max = TaskRequest.MAX_KEY_LENGTH) String key,
            @Parameter(description = "only the children of this batch", example = "17")
            @RequestParam(required = false) @Min(1) Long batchId,
            @Parameter(description = "created at or after (ISO-8601)", example = "2026-11-29T00:00:00Z")
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE_TIME) Instant createdFrom,
            @Parameter(description = "created before (ISO-8601)", example = "2026-11-30T00:00:00Z")
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE_TIME) Instant createdTo,
            @Parameter(description = "createTime, updateTime, priority or status, then ,asc or ,desc (default desc)",
                    example = "createTime,desc")
            @RequestParam(required = false) String sort,
            @Parameter(description = "page number, from 0; the pages reach the first async-task.admin.list-limit "
                    + "matching tasks", example = "0")
            @RequestParam(defaultValue = "0") @Min(0) @Max(1_000_000) int page,
            @Parameter(description = "page size, 1 to 200", example = "20")
            @RequestParam(defaultValue = "20") @Min(1) @Max(TaskQuery.MAX_SIZE) int size) {
        if (status != null && status.contains(null)) {
            throw ApiProblems.badRequest("status", "problem.status.empty", List.of(TaskStatus.values()).toString());
        }
        if (createdFrom != null && createdTo != null && !createdFrom.isBefore(createdTo)) {
            throw ApiProblems.badRequest("createdTo", "problem.createdTo.notAfter");
        }
        if ((long) page * size + size > listLimit) {
            // an OFFSET deep into millions of rows reads every row it skips
            throw ApiProblems.badRequest("page", "problem.page.tooDeep", listLimit);
        }
        SortParameter order = SortParameter.parse(sort);
        TaskPage found = adminStore.search(new TaskQuery(status == null ? Set.of() : Set.copyOf(status),
                blankToNull(taskType), blankToNull(ownerId), createdFrom, createdTo, order.sort(), order.descending(),
                page, size, blankToNull(key), batchId), listLimit);
        boolean fullErrors = access.currentUserOperates();
        return new TaskPageJson(found.items().stream().map(task -> TaskJson.summary(task, fullErrors)).toList(),
                found.total(), found.totalCapped(), page, size);
    }

    /** Not the bulk actions' paths: a GET of those is a wrong method (405), not a wrong task id. */
    @GetMapping("/{id:(?!bulk-retry$|bulk-cancel$).*}")
    @Operation(summary = "Get one task", description = "With its payload (the fields of "
            + "async-task.admin.redact-payload-fields masked), attempts, lease, progress and last error.")
    @ApiResponse(responseCode = "404", description = "no such task")
    public TaskJson get(@Parameter(description = "task id", example = "1042") @PathVariable String id) {
        long taskId = TaskIds.parse(id);
        return TaskJson.detail(find(taskId), redaction, access.currentUserOperates(), audit.submitterOf(taskId));
    }

    @GetMapping("/{id}/events")
    @Operation(summary = "A task's history", description = "Its state changes, oldest first: each attempt's "
            + "claim and end, retries with their delay, lease expiries, cancels and operators' retries, with the worker "
            + "and the person involved. Which changes are recorded depends on async-task.events.mode; unless it is off, "
            + "the claim and the success of the current attempt are told by the task row (fromTaskRow) when not recorded.")
    @ApiResponse(responseCode = "404", description = "no such task")
    public TaskEventsJson events(
            @Parameter(description = "task id", example = "1042") @PathVariable String id,
            @Parameter(description = "the latest this many events, 1 to " + MAX_EVENTS, example = "200")
            @RequestParam(defaultValue = "200") @Min(1) @Max(MAX_EVENTS) int limit) {
        long taskId = TaskIds.parse(id);
        find(taskId);
        boolean fullErrors = access.currentUserOperates();
        return new TaskEventsJson(taskId, adminStore.events(taskId, limit).stream()
                .map(event -> TaskEventJson.of(event, fullErrors)).toList(), eventMode.name());
    }

    @GetMapping("/{id}/dependencies")
    @Operation(summary = "A task's dependencies and dependents", description = "The tasks it waits for (dependsOn) "
            + "and the tasks that wait for it (dependents), lowest id first, each list cut at the limit. A WAITING task "
            + "runs once every task it waits for has ended.")
    @ApiResponse(responseCode = "404", description = "no such task")
    public TaskLinksJson dependencies(
            @Parameter(description = "task id", example = "1042") @PathVariable String id,
            @Parameter(description = "at most this many of each, 1 to " + AsyncTaskClient.MAX_LINKS, example = "100")
            @RequestParam(defaultValue = "100") @Min(1) @Max(AsyncTaskClient.MAX_LINKS) int limit) {
        long taskId = TaskIds.parse(id);
        find(taskId);
        return TaskLinksJson.of(taskId, taskStore.links(taskId, limit));
    }

    @PostMapping
    @Operation(summary = "Submit a task", description = "201 with the new task; 200 with the existing one when its "
            + "dedupKey was submitted before for the same type. Needs the OPERATOR role.")
    @ApiResponse(responseCode = "201", description = "created")
    @ApiResponse(responseCode = "400", description = "invalid body: the problem names the field")
    @ApiResponse(responseCode = "413", description = "body larger than async-task.admin.max-body-bytes")
    public ResponseEntity<TaskJson> submit(@Valid @RequestBody SubmitTaskBody body) {
        TaskRequest request = checks.requestOf(body, "");
        SubmittedTask submitted = SubmitChecks.submitting(() -> client.submit(request));
        actions.record(OperatorActions.Action.SUBMIT, "type " + LogText.quoted(body.taskType()), submitted.taskId(), null,
                submitted.created() ? "ok" : "existing");
        TaskJson task = TaskJson.detail(find(submitted.taskId()), redaction, true, audit.submitterOf(submitted.taskId()));
        var location = ServletUriComponentsBuilder.fromCurrentRequest().path("/{id}").buildAndExpand(task.id()).toUri();
        return ResponseEntity.status(submitted.created() ? HttpStatus.CREATED : HttpStatus.OK).location(location).body(task);
    }

    @PostMapping("/{id}/cancel")
    @Operation(summary = "Cancel a task", description = "SCHEDULED or QUEUED ends CANCELLED at once; RUNNING becomes CANCEL_REQUESTED "
            + "and its worker interrupts it at its next heartbeat. Needs the OPERATOR role.")
    @ApiResponse(responseCode = "409", description = "the task has already ended")
    @ApiResponse(responseCode = "404", description = "no such task")
    public StatusChangeJson cancel(@Parameter(description = "task id", example = "1042") @PathVariable("id") String text,
                                   Principal operator) {
        long id = TaskIds.parse(text);
        CancelOutcome outcome = taskStore.cancel(id, operator.getName());
        actions.record(OperatorActions.Action.CANCEL, "task " + id, id, null, outcome.name().toLowerCase(Locale.ROOT));
        return switch (outcome) {
            case CANCELLED -> new StatusChangeJson(id, TaskStatus.CANCELLED);
            case CANCEL_REQUESTED -> new StatusChangeJson(id, TaskStatus.CANCEL_REQUESTED);
            case NOT_FOUND -> throw ApiProblems.taskNotFound(id);
            case ALREADY_FINISHED -> throw ApiProblems.conflict(id, "problem.task.alreadyFinished", find(id).status());
        };
    }

    @PostMapping("/{id}/retry")
    @Operation(summary = "Retry a failed or cancelled task", description = "Back to QUEUED, due now, with a fresh "
            + "attempt budget. Needs the OPERATOR role.")
    @ApiResponse(responseCode = "409", description = "the task is not FAILED or CANCELLED")
    @ApiResponse(responseCode = "404", description = "no such task")
    public StatusChangeJson retry(@Parameter(description = "task id", example = "1042") @PathVariable("id") String text,
                                  Principal operator) {
        long id = TaskIds.parse(text);
        RetryOutcome outcome = adminStore.retry(id, operator.getName());
        actions.record(OperatorActions.Action.RETRY, "task " + id, id, null, outcome.name().toLowerCase(Locale.ROOT));
        return switch (outcome) {
            case REQUEUED -> new StatusChangeJson(id, TaskStatus.QUEUED);
            case NOT_FOUND -> throw ApiProblems.taskNotFound(id);
            case NOT_RETRYABLE -> throw ApiProblems.conflict(id, "problem.task.notRetryable", find(id).status());
        };
    }

    private TaskView find(long id) {
        return client.get(id).orElseThrow(() -> ApiProblems.taskNotFound(id));
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text;
    }
}
