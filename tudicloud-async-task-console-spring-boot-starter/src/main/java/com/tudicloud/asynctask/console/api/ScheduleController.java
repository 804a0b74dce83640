package com.tudicloud.asynctask.console.api;

import com.tudicloud.asynctask.console.audit.OperatorActions;
import com.tudicloud.asynctask.console.audit.SecurityUser;
import com.tudicloud.asynctask.console.api.error.ApiProblems;
import com.tudicloud.asynctask.console.api.error.LogText;
import com.tudicloud.asynctask.console.api.error.UnicodeText;
import com.tudicloud.asynctask.console.api.json.ConsoleJson;
import com.tudicloud.asynctask.console.api.json.PayloadRedaction;
import com.tudicloud.asynctask.console.api.json.ScheduleBody;
import com.tudicloud.asynctask.console.api.json.ScheduleExpression;
import com.tudicloud.asynctask.console.api.json.ScheduleJson;
import com.tudicloud.asynctask.api.MisfirePolicy;
import com.tudicloud.asynctask.api.OverlapPolicy;
import com.tudicloud.asynctask.api.RecurringTask;
import com.tudicloud.asynctask.api.spi.Schedule;
import com.tudicloud.asynctask.api.spi.ScheduleDefinition;
import com.tudicloud.asynctask.client.TaskTypeDefaults;
import com.tudicloud.asynctask.worker.schedule.InvalidScheduleException;
import com.tudicloud.asynctask.worker.schedule.ScheduleOperations;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

@RestController
@RequestMapping(path = "/api/schedules", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Schedules", description = "Recurring tasks: each fire time submits one task, once across the fleet")
public class ScheduleController {

    @Schema(name = "Triggered")
    public record TriggeredJson(@Schema(example = "nightly-report") String schedule, @Schema(example = "1042") long taskId) {
    }

    private final ScheduleOperations schedules;
    private final TaskTypeCatalog taskTypes;
    private final TaskTypeDefaults typeDefaults;
    private final JsonMapper jsonMapper;
    private final PayloadRedaction redaction;
    private final OperatorActions actions;

    /** @param typeDefaults the priority and attempts of a body that leaves them out, as a submit here gets them */
    public ScheduleController(ScheduleOperations schedules, TaskTypeCatalog taskTypes, TaskTypeDefaults typeDefaults,
                              ConsoleJson json, PayloadRedaction redaction, OperatorActions actions) {
        this.schedules = schedules;
        this.taskTypes = taskTypes;
        this.typeDefaults = typeDefaults;
        this.jsonMapper = json.mapper();
        this.redaction = redaction;
        this.actions = actions;
    }

    /** Schedules per page, at most. */
    static final int MAX_PAGE = 500;

    @GetMapping
    @Operation(summary = "List schedules", description = "By name, each with its next fire time and the status of "
            + "the task its last fire submitted; a page at a time: the names after 'after', at most 'limit' of them, "
            + "and a Link header (rel=next) when more follow.")
    public ResponseEntity<List<ScheduleJson>> list(
            @Parameter(description = "only the schedules whose name sorts after this one: the last name of the previous page",
                    example = "nightly-report") @RequestParam(required = false) String after,
            @Parameter(description = "schedules per page, 1 to " + MAX_PAGE, example = "100")
            @RequestParam(defaultValue = "100") @Min(1) @Max(MAX_PAGE) int limit) {
        if (after != null) {
            requireName("after", after);
        }
        List<Schedule> page = schedules.page(after, limit + 1);
        List<ScheduleJson> shown = page.stream().limit(limit).map(this::toJson).toList();
        ResponseEntity.BodyBuilder answer = ResponseEntity.ok();
        if (page.size() > limit) {
            answer.header(HttpHeaders.LINK, "<" + ServletUriComponentsBuilder.fromCurrentRequest()
                    .replaceQueryParam("after", shown.get(shown.size() - 1).name()).replaceQueryParam("limit", limit)
                    .build().encode().toUriString() + ">; rel=\"next\"");
        }
        return answer.body(shown);
    }

    @GetMapping("/{name}")
    @Operation(summary = "Get one schedule")
    @ApiResponse(responseCode = "404", description = "no such schedule")
    public ScheduleJson get(@Parameter(description = "schedule name", example = "nightly-report") @PathVariable String name) {
        return toJson(find(name));
    }

    @PostMapping
    @Operation(summary = "Create a schedule", description = "It fires first at its first fire time after now, on the "
            + "database's clock. Needs the OPERATOR role.")
    @ApiResponse(responseCode = "201", description = "created")
    @ApiResponse(responseCode = "400", description = "invalid body: the problem names the field")
    @ApiResponse(responseCode = "409", description = "a schedule of that name exists")
    public ResponseEntity<ScheduleJson> create(@Valid @RequestBody ScheduleBody body) {
        ScheduleDefinition definition = toDefinition(body,
                body.payload() == null ? null : jsonMapper.writeValueAsString(body.payload()));
        if (!stored(() -> schedules.create(definition, false))) {
            throw ApiProblems.scheduleConflict(body.name(), "problem.schedule.exists");
        }
        actions.record(OperatorActions.Action.SCHEDULE_CREATE, "schedule " + LogText.quoted(body.name()), null, null, "ok");
        URI location = ServletUriComponentsBuilder.fromCurrentRequest().path("/{name}").buildAndExpand(body.name()).toUri();
        return ResponseEntity.status(HttpStatus.CREATED).location(location).body(toJson(find(body.name())));
    }

    @PutMapping("/{name}")
    @Operation(summary = "Edit a schedule", description = "Replaces when it fires and what it submits; its pause and "
            + "history stay. Its next fire time is worked out again when the expression or zone changed. A schedule "
            + "declared in code is written again from the code at the next start. Needs the OPERATOR role.")
    @ApiResponse(responseCode = "404", description = "no such schedule")
    public ScheduleJson edit(@Parameter(description = "schedule name", example = "nightly-report") @PathVariable String name,
                             @Valid @RequestBody(required = false) ScheduleBody body) {
        Schedule existing = find(name); // the path is judged before the body: a bad or unknown name is said first
        if (body == null) {
            throw ApiProblems.badRequest("body", "problem.body.required");
        }
        if (!name.equals(body.name())) {
            throw ApiProblems.badRequest("name", "problem.schedule.nameMismatch", name);
        }
        // what a GET showed masked and the body sends back as [redacted] keeps its stored value
        ScheduleDefinition definition = toDefinition(body,
                redaction.restore(body.payload(), existing.definition().payloadJson()));
        if (!stored(() -> schedules.update(definition))) {
            throw ApiProblems.scheduleNotFound(name);
        }
        actions.record(OperatorActions.Action.SCHEDULE_EDIT, "schedule " + LogText.quoted(name), null, null, "ok");
        return toJson(find(name));
    }

    @PostMapping("/{name}/pause")
    @Operation(summary = "Pause a schedule", description = "It fires no more until resumed; a restart does not undo "
            + "the pause. Needs the OPERATOR role.")
    @ApiResponse(responseCode = "409", description = "already paused")
    public ScheduleJson pause(@Parameter(description = "schedule name", example = "nightly-report") @PathVariable String name) {
        ScheduleJson paused = change(name, schedules::pause, "problem.schedule.alreadyPaused");
        actions.record(OperatorActions.Action.SCHEDULE_PAUSE, "schedule " + LogText.quoted(name), null, null, "ok");
        return paused;
    }

    @PostMapping("/{name}/resume")
    @Operation(summary = "Resume a paused schedule", description = "It fires next at its first fire time after now: "
            + "the fire times of the pause are not made up. Needs the OPERATOR role.")
    @ApiResponse(responseCode = "409", description = "not paused")
    public ScheduleJson resume(@Parameter(description = "schedule name", example = "nightly-report") @PathVariable String name) {
        ScheduleJson resumed = change(name, schedules::resume, "problem.schedule.notPaused");
        actions.record(OperatorActions.Action.SCHEDULE_RESUME, "schedule " + LogText.quoted(name), null, null, "ok");
        return resumed;
    }

    @PostMapping("/{name}/trigger")
    @Operation(summary = "Fire a schedule now", description = "Submits its task at once, outside its fire times, and "
            + "leaves its schedule as it is; works while paused too. Needs the OPERATOR role.")
    @ApiResponse(responseCode = "201", description = "the task submitted")
    @ApiResponse(responseCode = "404", description = "no such schedule")
    public ResponseEntity<TriggeredJson> trigger(
            @Parameter(description = "schedule name", example = "nightly-report") @PathVariable String name) {
        requireName(name);
        long taskId = schedules.trigger(name, SecurityUser.name()).orElseThrow(() -> ApiProblems.scheduleNotFound(name));
        actions.record(OperatorActions.Action.SCHEDULE_TRIGGER, "schedule " + LogText.quoted(name), taskId, null, "ok");
        URI task = ServletUriComponentsBuilder.fromCurrentContextPath().path("/api/tasks/{id}").buildAndExpand(taskId).toUri();
        return ResponseEntity.status(HttpStatus.CREATED).location(task).body(new TriggeredJson(name, taskId));
    }

    @DeleteMapping("/{name}")
    @Operation(summary = "Delete a schedule", description = "The tasks it submitted stay. A schedule declared in code "
            + "comes back at the next start. Needs the OPERATOR role.")
    @ApiResponse(responseCode = "204", description = "deleted")
    @ApiResponse(responseCode = "404", description = "no such schedule")
    public ResponseEntity<Void> delete(@Parameter(description = "schedule name", example = "nightly-report") @PathVariable String name) {
        requireName(name);
        if (!schedules.delete(name)) {
            throw ApiProblems.scheduleNotFound(name);
        }
        actions.record(OperatorActions.Action.SCHEDULE_DELETE, "schedule " + LogText.quoted(name), null, null, "ok");
        return ResponseEntity.noContent().build();
    }

    private ScheduleJson change(String name, Predicate<String> change, String conflictCode) {
        requireName(name);
        if (!change.test(name)) {
            find(name);
            throw ApiProblems.scheduleConflict(name, conflictCode);
        }
        return toJson(find(name));
    }

    /** @param payloadJson the payload to store, as the body gives it */
    private ScheduleDefinition toDefinition(ScheduleBody body, String payloadJson) {
        requireName(body.name());
        if (!taskTypes.isKnown(body.taskType())) {
            throw ApiProblems.badRequest("taskType", "problem.taskType.unknown", body.taskType(),
                    taskTypes.known().toString());
        }
        if (body.payload() != null && UnicodeText.hasLoneSurrogate(body.payload())) {
            throw ApiProblems.badRequest("payload", "problem.payload.loneSurrogate");
        }
        ScheduleExpression expression;
        try {
            expression = ScheduleExpression.parse(body.expression());
        } catch (IllegalArgumentException e) {
            throw ApiProblems.badRequestAsWorded("expression", e.getMessage());
        }
        return new ScheduleDefinition(body.name(), expression.cron(), expression.interval(),
                body.timeZone() == null ? "UTC" : body.timeZone(), body.taskType(),
                payloadJson, typeDefaults.priority(body.taskType(), body.priority()),
                typeDefaults.maxAttempts(body.taskType(), body.maxAttempts()), body.ownerId(),
                body.misfirePolicy() == null ? MisfirePolicy.COALESCE : body.misfirePolicy(),
                body.misfireBound() == null ? 1 : body.misfireBound(),
                body.overlapPolicy() == null ? OverlapPolicy.ALLOW : body.overlapPolicy());
    }

    /** Runs a create or an edit; a definition it refuses becomes a problem that names the API's field. */
    private static boolean stored(BooleanSupplier write) {
        try {
            return write.getAsBoolean();
        } catch (InvalidScheduleException e) {
            String field = switch (e.field()) {
                case "cronExpression", "interval" -> "expression";
                default -> e.field();
            };
            throw ApiProblems.badRequestAsWorded(field, e.reason());
        }
    }

    private static void requireName(String name) {
        requireName("name", name);
    }

    private static void requireName(String field, String name) {
        try {
            RecurringTask.requireName(name);
        } catch (IllegalArgumentException e) {
            throw ApiProblems.badRequestAsWorded(field, e.getMessage());
        }
    }

    private Schedule find(String name) {
        requireName(name);
        return schedules.find(name).orElseThrow(() -> ApiProblems.scheduleNotFound(name));
    }

    private ScheduleJson toJson(Schedule schedule) {
        return ScheduleJson.of(schedule, redaction);
    }
}
