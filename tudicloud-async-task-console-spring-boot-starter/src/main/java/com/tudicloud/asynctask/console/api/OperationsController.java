package com.tudicloud.asynctask.console.api;

import com.tudicloud.asynctask.console.ConsoleApiProperties;
import com.tudicloud.asynctask.console.ConsoleAccess;
import com.tudicloud.asynctask.console.ConsoleRole;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.TaskStats;
import com.tudicloud.asynctask.api.spi.WorkerInfo;
import com.tudicloud.asynctask.api.spi.WorkerRegistry;
import com.tudicloud.asynctask.autoconfigure.AsyncTaskSettings;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

@RestController
@RequestMapping(path = "/api", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Operations", description = "The queue's state, the worker fleet, and who is logged in")
public class OperationsController {

    @Schema(name = "Stats")
    public record StatsJson(@Schema(description = "tasks per status") Map<TaskStatus, Long> byStatus,
                            @Schema(description = "per task type, tasks per status") Map<String, Map<TaskStatus, Long>> byType,
                            @Schema(description = "how long the oldest due task waiting for a worker (QUEUED, or SCHEDULED and due) has waited, in ms; null when none", example = "1200")
                            Long oldestDueQueuedAgeMs,
                            @Schema(description = "leased tasks whose lease expired and that await recovery", example = "0")
                            long expiredLeases,
                            @Schema(description = "statuses counted up to async-task.admin.list-limit only: at least that "
                                    + "many tasks have them, and their counts by type are those of the tasks counted")
                            Set<TaskStatus> capped) {
    }

    @Schema(name = "Worker")
    public record WorkerJson(@Schema(example = "host-a:4711:1f2e3d4c") String workerId, String host,
                             List<String> taskTypes, int slots, int runningTasks, Instant startedAt,
                             Instant lastHeartbeat, Instant stoppedAt,
                             @Schema(description = "not stopped, and its last heartbeat is at most three heartbeat intervals old")
                             boolean live) {
    }

    @Schema(name = "CurrentUser")
    public record CurrentUserJson(String username,
                                  @Schema(description = "the console role: VIEWER or OPERATOR") Set<String> roles,
                                  @Schema(description = "may submit, cancel and retry") boolean canOperate,
                                  Set<String> submittableTaskTypes,
                                  @Schema(description = "the server's time zone, which the console names beside "
                                          + "the times it shows in the browser's", example = "Asia/Shanghai")
                                  String serverTimeZone,
                                  @Schema(description = "the session's CSRF token and the header a write sends it in; "
                                          + "null where requests carry their own credentials")
                                  CsrfJson csrf,
                                  @Schema(description = "where the console's logout button posts; null for none",
                                          example = "/logout")
                                  String logoutUrl) {
    }

    @Schema(name = "Csrf")
    public record CsrfJson(@Schema(example = "X-XSRF-TOKEN") String headerName, String token) {
    }

    private final StatsCache statsCache;
    private final WorkerRegistry workers;
    private final ConsoleApiProperties properties;
    private final TaskTypeCatalog taskTypes;
    private final ConsoleAccess access;
    private final Duration liveSilence;

    OperationsController(StatsCache statsCache, WorkerRegistry workers, ConsoleApiProperties properties,
                         TaskTypeCatalog taskTypes, ConsoleAccess access, AsyncTaskSettings settings) {
        this.statsCache = statsCache;
        this.workers = workers;
        this.properties = properties;
        this.taskTypes = taskTypes;
        this.access = access;
        this.liveSilence = settings.worker().liveWorkerSilence();
    }

    @GetMapping("/stats")
    @Operation(summary = "Queue statistics", description = "Counts by status and by type (each status counted up to "
            + "async-task.admin.list-limit), the age of the oldest due task waiting for a worker, and leased tasks whose "
            + "lease has expired; read at most once per async-task.admin.stats-cache for all callers.")
    public StatsJson stats() {
        TaskStats stats = statsCache.stats();
        return new StatsJson(stats.byStatus(), stats.byType(), stats.oldestDueQueuedAgeMillis(), stats.expiredLeases(),
                stats.capped());
    }

    @GetMapping("/workers")
    @Operation(summary = "Workers seen recently", description = "Worker instances whose last heartbeat is within "
            + "async-task.admin.workers-window (default 2 minutes), oldest first.")
    public List<WorkerJson> workers() {
        return workers.seenWithin(properties.getWorkersWindow()).stream().map(this::toJson).toList();
    }

    @GetMapping("/me")
    @Operation(summary = "The logged-in user", description = "Its console role, whether it may submit, cancel and "
            + "retry, and what a browser needs for its writes: the CSRF token, where to log out.")
    public CurrentUserJson me(Authentication authentication, HttpServletRequest request) {
        Optional<ConsoleRole> role = access.roleOf(authentication);
        boolean operator = role.orElse(null) == ConsoleRole.OPERATOR;
        CsrfToken token = (CsrfToken) request.getAttribute(CsrfToken.class.getName());
        return new CurrentUserJson(authentication.getName(), role.map(Enum::name).map(Set::of).orElse(Set.of()),
                operator, operator ? taskTypes.known() : Set.of(), ZoneId.systemDefault().getId(),
                token == null ? null : new CsrfJson(token.getHeaderName(), token.getToken()),
                access.logoutPath() == null ? null : request.getContextPath() + access.logoutPath());
    }

    private WorkerJson toJson(WorkerInfo worker) {
        List<String> types = worker.taskTypes() == null || worker.taskTypes().isEmpty()
                ? List.of() : Arrays.asList(worker.taskTypes().split(","));
        return new WorkerJson(worker.workerId(), worker.host(), types, worker.slots(), worker.runningTasks(),
                worker.startedAt(), worker.lastHeartbeat(), worker.stoppedAt(), worker.isLive(liveSilence));
    }
}
