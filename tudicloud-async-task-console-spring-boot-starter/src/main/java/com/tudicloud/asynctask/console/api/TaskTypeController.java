package com.tudicloud.asynctask.console.api;

import com.tudicloud.asynctask.console.audit.OperatorActions;
import com.tudicloud.asynctask.console.audit.SecurityUser;
import com.tudicloud.asynctask.console.api.error.ApiProblems;
import com.tudicloud.asynctask.console.api.error.LogText;
import com.tudicloud.asynctask.console.api.error.UnicodeText;
import com.tudicloud.asynctask.console.audit.OperatorActions.Action;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.api.spi.LimitUse;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.TypeActivity;
import com.tudicloud.asynctask.api.spi.TypeSettings;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

@RestController
@RequestMapping(path = "/api/task-types", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Task types", description = "Every known task type at a glance; pause and resume a type fleet-wide")
public class TaskTypeController {

    /** The window of finishedPerMinute. */
    static final int FINISHED_WINDOW_MINUTES = 15;

    @Schema(name = "TaskTypes")
    public record TaskTypesJson(
            @Schema(description = "the fleet's cap on leased tasks of all types; null: none", example = "50") Integer globalLimit,
            @Schema(description = "the minutes finishedPerMinute averages over", example = "15") int finishedWindowMinutes,
            List<TaskTypeJson> types) {
    }

    @Schema(name = "TaskType")
    public record TaskTypeJson(
            @Schema(example = "demo.export") String taskType,
            @Schema(description = "QUEUED and SCHEDULED tasks, due or not", example = "120") long waiting,
            @Schema(description = "waiting tasks that are due now", example = "100") long due,
            @Schema(description = "leased tasks: RUNNING or CANCEL_REQUESTED", example = "8") long running,
            @Schema(description = "tasks that ended (SUCCESS, FAILED, CANCELLED) per minute, over the last finishedWindowMinutes",
                    example = "42.5") double finishedPerMinute,
            @Schema(description = "no worker claims it; running tasks finish, submits are still taken") boolean paused,
            @Schema(description = "who paused it", example = "alice") String pausedBy,
            @Schema(description = "when it was paused, by the database's clock") Instant pausedAt,
            @Schema(description = "the fleet's cap on its leased tasks; null: none (globalLimit still applies)", example = "4")
            Integer maxRunning,
            TaskTypeLimitsJson limits) {
    }

    @Schema(name = "TaskTypeLimits", description = "the type's per-key cap, rate limit and fairness, and their use now")
    public record TaskTypeLimitsJson(
            @Schema(description = "at most this many leased tasks of one key; null: none", example = "2") Integer keyConcurrency,
            @Schema(description = "keys whose leased tasks reached keyConcurrency: their waiting tasks wait on it",
                    example = "3") long keysAtCap,
            @Schema(description = "at most this many starts per ratePeriodMs; null: none", example = "100") Integer rateLimit,
            @Schema(description = "the rate limit's period in milliseconds", example = "60000") Long ratePeriodMs,
            @Schema(description = "starts within the last ratePeriodMs, by the database's clock; at rateLimit, the due "
                    + "tasks wait on it", example = "42") long startsInWindow,
            @Schema(description = "its claims take tasks across keys in turn") boolean fair) {

        static final TaskTypeLimitsJson NONE = new TaskTypeLimitsJson(null, 0, null, null, 0, false);
    }

    @Schema(name = "TaskTypePause")
    public record PauseJson(@Schema(example = "demo.export") String taskType, boolean paused,
                            @Schema(description = "false when it was paused (or running) already") boolean changed,
                            @Schema(description = "who paused it first") String pausedBy, Instant pausedAt) {
    }

    private final TaskAdminStore adminStore;
    private final FleetSettings fleetSettings;
    private final TaskTypeCatalog catalog;
    private final OperatorActions actions;

    public TaskTypeController(TaskAdminStore adminStore, FleetSettings fleetSettings, TaskTypeCatalog catalog,
                              OperatorActions actions) {
        this.adminStore = adminStore;
        this.fleetSettings = fleetSettings;
        this.catalog = catalog;
        this.actions = actions;
    }

    @GetMapping
    @Operation(summary = "Every known task type", description = "The types of this application's handlers and "
            + "configuration, those with settings of their own, and those with tasks waiting, leased or ended in the "
            + "last 15 minutes: each with its queue, its running tasks, its throughput, its pause, its cap, and its "
            + "per-key cap, rate limit and fairness with their use now.")
    public TaskTypesJson list() {
        TypeSettings settings = fleetSettings.typeSettings();
        Map<String, TypeSettings.Type> settingsByType = byType(settings.types(), TypeSettings.Type::taskType);
        Map<String, TypeActivity> activity = byType(adminStore.typeActivity(FINISHED_WINDOW_MINUTES), TypeActivity::taskType);
        Set<String> types = new TreeSet<>(catalog.known());
        types.addAll(settingsByType.keySet());
        types.addAll(activity.keySet());
        Map<String, LimitUse> limitUse = byType(adminStore.limitUse(settings.types()), LimitUse::taskType);
        List<TaskTypeJson> rows = types.stream()
                .map(type -> toJson(type, activity.get(type), settingsByType.get(type), limitUse.get(type))).toList();
        return new TaskTypesJson(settings.globalLimit() == 0 ? null : settings.globalLimit(), FINISHED_WINDOW_MINUTES, rows);
    }

    @PostMapping("/{type}/pause")
    @Operation(summary = "Pause a task type fleet-wide", description = "No worker claims the type from one poll interval "
            + "after the pause on; tasks running now finish, and submits are still taken. Pausing a paused type changes "
            + "nothing. Needs the OPERATOR role.")
    @ApiResponse(responseCode = "404", description = "no such type here: see GET /api/task-types")
    public PauseJson pause(@Parameter(description = "task type", example = "demo.export") @PathVariable String type) {
        String taskType = checkedType(type);
        boolean changed = fleetSettings.pause(taskType, SecurityUser.name());
        actions.record(Action.PAUSE, "type " + LogText.quoted(taskType), null, null, changed ? "ok" : "paused_already");
        return stateOf(taskType, changed);
    }

    @PostMapping("/{type}/resume")
    @Operation(summary = "Resume a paused task type", description = "Workers claim it again from their next poll on. "
            + "Resuming a type that is not paused changes nothing. Needs the OPERATOR role.")
    @ApiResponse(responseCode = "404", description = "no such type here: see GET /api/task-types")
    public PauseJson resume(@Parameter(description = "task type", example = "demo.export") @PathVariable String type) {
        String taskType = checkedType(type);
        boolean changed = fleetSettings.resume(taskType);
        actions.record(Action.RESUME, "type " + LogText.quoted(taskType), null, null, changed ? "ok" : "not_paused");
        return stateOf(taskType, changed);
    }

    /** A type this page could list: one it knows, has settings for, or saw tasks of lately. */
    private String checkedType(String type) {
        if (UnicodeText.loneSurrogateAt(type) >= 0) {
            throw ApiProblems.badRequest("type", "problem.text.loneSurrogate");
        }
        if (type.isBlank()) {
            throw ApiProblems.badRequest("type", "problem.taskType.blank");
        }
        if (type.length() > TaskRequest.MAX_TASK_TYPE_LENGTH) {
            throw ApiProblems.badRequest("type", "problem.taskType.tooLong", TaskRequest.MAX_TASK_TYPE_LENGTH);
        }
        if (catalog.isKnown(type) || settingsOf(type) != null) {
            return type;
        }
        Set<String> seen = adminStore.typeActivity(FINISHED_WINDOW_MINUTES).stream().map(TypeActivity::taskType)
                .collect(Collectors.toCollection(TreeSet::new));
        if (!seen.contains(type)) {
            seen.addAll(catalog.known());
            throw ApiProblems.taskTypeNotFound(type, seen.toString());
        }
        return type;
    }

    private PauseJson stateOf(String taskType, boolean changed) {
        TypeSettings.Type settings = settingsOf(taskType);
        boolean paused = settings != null && settings.isPaused();
        return new PauseJson(taskType, paused, changed, paused ? settings.pausedBy() : null,
                paused ? settings.pausedAt() : null);
    }

    private TypeSettings.Type settingsOf(String taskType) {
        return fleetSettings.typeSettings().types().stream().filter(type -> type.taskType().equals(taskType))
                .findFirst().orElse(null);
    }

    private static TaskTypeJson toJson(String type, TypeActivity activity, TypeSettings.Type settings, LimitUse use) {
        TypeActivity now = activity == null ? new TypeActivity(type, 0, 0, 0, 0) : activity;
        boolean paused = settings != null && settings.isPaused();
        double perMinute = Math.round(now.finished() * 10.0 / FINISHED_WINDOW_MINUTES) / 10.0;
        return new TaskTypeJson(type, now.waiting(), now.due(), now.running(), perMinute, paused,
                paused ? settings.pausedBy() : null, paused ? settings.pausedAt() : null,
                settings == null ? null : settings.maxRunning(), limitsJson(settings, use));
    }

    private static TaskTypeLimitsJson limitsJson(TypeSettings.Type settings, LimitUse use) {
        if (settings == null) {
            return TaskTypeLimitsJson.NONE;
        }
        return new TaskTypeLimitsJson(settings.maxRunningPerKey(), use == null ? 0 : use.keysAtCap(),
                settings.rateLimit(), settings.rateLimit() == null ? null : settings.ratePeriodMs(),
                use == null ? 0 : use.startsInWindow(), settings.fair());
    }

    private static <T> Map<String, T> byType(List<T> items, Function<T, String> type) {
        return items.stream().collect(Collectors.toMap(type, Function.identity(), (a, b) -> a, TreeMap::new));
    }
}
